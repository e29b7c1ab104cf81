import "server-only";

/** FGTR on stored datasets (ports and index loading are shared: lib/server/retrieval). */
export { runFgtrOnDataset, type RunFgtrOptions } from "./run-on-dataset";
