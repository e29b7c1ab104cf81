/** The zoom levels and font sizes the schema graph is drawn at. */
import { GAP_X, GAP_Y } from "./layout";

/** Below this zoom column labels are too small to read: each table name is drawn over its box at 12 px. */
export const OVERVIEW_ZOOM = 0.6;
/** How far an overview title may reach past its box: into the gap beside it, never to the next title. */
export const OVERVIEW_GAP = GAP_X - 16;
/** How far its lines may reach above and below its box (half each way): never to the next box's title. */
export const OVERVIEW_GAP_Y = GAP_Y - 16;
/** Font sizes in model units: at zoom 1 a table title is 14 px on screen, a column 12 px. */
export const HEADER_FONT = 14;
export const COLUMN_FONT = 12;
/** The smallest zoom at which a column name is still 11 px on screen: the default view never goes below it. */
export const LEGIBLE_ZOOM = 11 / COLUMN_FONT;

/** The graph's font. */
export const GRAPH_FONT = 'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif';
/** An overview title's size on screen: 12 px bold, lines 1.25 apart. */
export const OVERVIEW_FONT_PX = 12;
export const OVERVIEW_LINE_HEIGHT = 1.25;
