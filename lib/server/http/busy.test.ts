import { describe, expect, it } from "vitest";
import { isBusyError, toErrorResponse } from "./errors";

describe("a busy database", () => {
  it("answers 409 database_busy, never 500, however the driver wraps it", async () => {
    const sqlite = Object.assign(new Error("database is locked"), { code: "SQLITE_BUSY" });
    const wrapped = new Error("Failed query: insert into …", { cause: sqlite });
    const libsql = Object.assign(new Error("SQLITE_BUSY: database is locked"), { code: "SQLITE_BUSY" });
    for (const err of [sqlite, wrapped, libsql, { code: "SQLITE_LOCKED_SHAREDCACHE", message: "x" }]) {
      expect(isBusyError(err)).toBe(true);
      const res = toErrorResponse(err);
      expect(res.status).toBe(409);
      expect((await res.json()).error.code).toBe("database_busy");
    }
  });

  it("leaves other errors alone", () => {
    expect(isBusyError(new Error("no such table: x"))).toBe(false);
    expect(isBusyError(null)).toBe(false);
  });
});
