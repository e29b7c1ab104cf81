export { runSgamOnDataset, type RunSgamOptions } from "./run-on-dataset";
