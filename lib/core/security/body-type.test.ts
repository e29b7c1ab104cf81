import { describe, expect, it } from "vitest";
import { bodyTypeRefusal, jsonTypeRefusal, mediaType, type BodyHeaders } from "./body-type";

const body = (headers: Partial<BodyHeaders>): BodyHeaders => ({
  contentType: null,
  contentLength: null,
  transferEncoding: null,
  ...headers,
});

describe("body-type rule", () => {
  it("reads JSON and multipart bodies, and requests without a body", () => {
    expect(bodyTypeRefusal(body({ contentType: "application/json", contentLength: "12" }))).toBeNull();
    expect(bodyTypeRefusal(body({ contentType: "Application/JSON; charset=utf-8" }))).toBeNull();
    expect(
      bodyTypeRefusal(body({ contentType: "multipart/form-data; boundary=x", transferEncoding: "chunked" })),
    ).toBeNull();
    expect(bodyTypeRefusal(body({}))).toBeNull();
    expect(bodyTypeRefusal(body({ contentLength: "0" }))).toBeNull();
  });

  it("refuses the bodies another site can send without a preflight", () => {
    expect(bodyTypeRefusal(body({ contentType: "text/plain;charset=UTF-8", contentLength: "40" }))).toMatch(
      /text\/plain body is not accepted/,
    );
    expect(bodyTypeRefusal(body({ contentType: "application/x-www-form-urlencoded" }))).toMatch(/application\/json/);
    expect(bodyTypeRefusal(body({ contentLength: "40" }))).toMatch(/without a Content-Type/);
    expect(bodyTypeRefusal(body({ transferEncoding: "chunked" }))).not.toBeNull();
  });

  it("JSON routes take application/json only", () => {
    expect(jsonTypeRefusal("application/json; charset=utf-8")).toBeNull();
    expect(jsonTypeRefusal("multipart/form-data; boundary=x")).toMatch(/it was multipart\/form-data/);
    expect(jsonTypeRefusal("text/plain")).not.toBeNull();
    expect(jsonTypeRefusal(null)).not.toBeNull();
    expect(mediaType(" TEXT/Plain ; charset=x")).toBe("text/plain");
  });
});
