import "server-only";
import { type ErrorCode, HttpError } from "@/lib/server/http/http-error";

/** A problem with the user's file: an HttpError (4xx) with a message a person can act on. */
export class ImportError extends HttpError {
  constructor(code: ErrorCode, message: string, status = 400) {
    super(code, message, status);
    this.name = "ImportError";
  }
}
