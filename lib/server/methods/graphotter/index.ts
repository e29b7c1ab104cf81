export { loadCellGraph, openCellGraph, evidenceMapper, MAX_GRAPH_ROWS } from "./load-grid";
