/** Calls to the API's route handlers as a browser would make them, for the PostgreSQL tests. */
export const ctx = (params: Record<string, string>) => ({ params: Promise.resolve(params) }) as never;

export function jsonRequest(url: string, method: string, body?: unknown): Request {
  return new Request(`http://127.0.0.1${url}`, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: { "content-type": "application/json", host: "127.0.0.1", accept: "application/json" },
  });
}
