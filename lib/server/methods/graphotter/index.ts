export { runGraphotterOnDataset, type RunGraphotterOptions } from "./run-on-dataset";
export { loadCellGraph, evidenceMapper, MAX_GRAPH_ROWS } from "./load-grid";
