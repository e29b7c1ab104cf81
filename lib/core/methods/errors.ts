/**
 * A method refused its input (a parameter naming a table the dataset lacks, a dataset with no
 * tables). `code` is what the run's `error` event carries, as an HTTP error's code would.
 */
export class MethodInputError extends Error {
  constructor(
    readonly code: "invalid_params" | "no_tables",
    message: string,
  ) {
    super(message);
    this.name = "MethodInputError";
  }
}
