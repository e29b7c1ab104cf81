import "server-only";

/** A problem with the user's input: becomes a 4xx with a message a person can act on. */
export class ImportError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status = 400,
  ) {
    super(message);
    this.name = "ImportError";
  }
}
