import "server-only";

/** FGTR on stored datasets: ports from the dataset's index and the SQL guard. */
export { runFgtrOnDataset, type RunFgtrOptions } from "./run-on-dataset";
export { buildFgtrPorts, type FgtrPortOptions } from "../../retrieval/ports";
export { fgtrIndexFor } from "../../retrieval/index-cache";
