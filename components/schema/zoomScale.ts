/** The zoom levels and font sizes the schema graph is drawn at, and the zoomed-out titles. */
import { COL_W, GAP_X } from "./layout";

/** Below this zoom column labels are too small to read: each table name is drawn over its box at 12 px. */
export const OVERVIEW_ZOOM = 0.6;
/** How far an overview title may reach past its box: into the gap beside it, never to the next title. */
export const OVERVIEW_GAP = GAP_X - 16;
/** Font sizes in model units: at zoom 1 a table title is 14 px on screen, a column 12 px. */
export const HEADER_FONT = 14;
export const COLUMN_FONT = 12;
/** The smallest zoom at which a column name is still 11 px on screen: the default view never goes below it. */
export const LEGIBLE_ZOOM = 11 / COLUMN_FONT;

/** About how wide a 12 px bold character is on screen. */
const TITLE_CHAR_PX = 7.6;

/** A table's zoomed-out title: as many characters as fit over its box and the gap beside it, "…" past that. */
export function overviewTitle(table: string, zoom: number): string {
  if (zoom >= OVERVIEW_ZOOM) return table;
  const max = Math.max(2, Math.floor(((COL_W + OVERVIEW_GAP) * zoom) / TITLE_CHAR_PX));
  return table.length <= max ? table : `${table.slice(0, max - 1)}…`;
}
