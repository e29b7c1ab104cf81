/**
 * Whether two model base URLs are one address for a saved API key: scheme, host and port as the
 * URL parser writes them ("HTTP://Example.com:80/" is "http://example.com"), path without its
 * trailing slash. The key is bound to its address by this comparison, on the server and in the form.
 */
export function sameBaseUrl(a: string | null | undefined, b: string | null | undefined): boolean {
  return normalBaseUrl(a) === normalBaseUrl(b);
}

function normalBaseUrl(text: string | null | undefined): string {
  if (!text) return "";
  try {
    const url = new URL(text);
    return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, "")}${url.search}`;
  } catch {
    return text.trim().replace(/\/+$/, "");
  }
}
