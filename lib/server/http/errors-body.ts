import "server-only";

/** The JSON error body every API route returns: {error: {code, message}}. */
export function errorResponse(status: number, code: string, message: string): Response {
  return Response.json({ error: { code, message } }, { status });
}
