/**
 * Which pages may change data. A browser sends a "simple" cross-site POST (a form, or fetch with
 * mode "no-cors") without asking the server first; the response is hidden from the sending page,
 * but the change would already be made. Such requests carry `Origin` and, in current browsers,
 * `Sec-Fetch-Site`, so a state-changing request is refused unless it comes from the app's own
 * origin (or one the operator listed). Tools such as curl send neither header and pass.
 */

/** The variable in which the operator lists further origins allowed to change data. */
export const ALLOWED_ORIGINS_VARIABLE = "TABLESIGHT_ALLOWED_ORIGINS";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** POST, PUT, PATCH and DELETE (the ask stream is a POST). */
export function isStateChanging(method: string): boolean {
  return STATE_CHANGING.has(method.toUpperCase());
}

/** An origin in the form browsers send ("http://host:port", default port left out); null when not one. */
function canonicalOrigin(value: string): string | null {
  try {
    const url = new URL(value.trim());
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    return url.origin.toLowerCase();
  } catch {
    return null;
  }
}

/** Parses the TABLESIGHT_ALLOWED_ORIGINS value; entries that are not origins are reported. */
export function parseAllowedOrigins(listed: string | undefined): { origins: ReadonlySet<string>; invalid: string[] } {
  const origins = new Set<string>();
  const invalid: string[] = [];
  for (const entry of (listed ?? "").split(/[\s,]+/).filter(Boolean)) {
    const origin = canonicalOrigin(entry);
    if (origin && origin === entry.replace(/\/$/, "").toLowerCase()) origins.add(origin);
    else invalid.push(entry);
  }
  return { origins, invalid };
}

/** The headers the origin rule reads. */
export type OriginHeaders = { method: string; host: string | null; origin: string | null; secFetchSite: string | null };

/** Whether `origin` is the origin the request was addressed to (same scheme-relative host and port). */
function isOwnOrigin(origin: string, host: string | null): boolean {
  if (!host) return false;
  const parsed = canonicalOrigin(origin);
  if (!parsed) return false;
  const protocol = new URL(parsed).protocol;
  return canonicalOrigin(`${protocol}//${host}`) === parsed;
}

/**
 * Null when the request may go on; else why it was refused. Only state-changing methods are
 * checked: refused when Origin is present and neither the app's own nor listed, or when the
 * browser says `Sec-Fetch-Site: cross-site` for a request whose Origin is not listed.
 */
export function originRefusal(request: OriginHeaders, allowed: ReadonlySet<string>): string | null {
  if (!isStateChanging(request.method)) return null;
  const origin = request.origin?.trim() || null;
  const listed = origin !== null && allowed.has(canonicalOrigin(origin) ?? "");
  if (listed) return null;
  const crossSite = request.secFetchSite?.trim().toLowerCase() === "cross-site";
  if (origin !== null && !isOwnOrigin(origin, request.host)) return refusal(`a page on ${origin.slice(0, 100)}`);
  if (crossSite) return refusal("another site");
  return null;
}

function refusal(from: string): string {
  return (
    `This request came from ${from}, not from Tablesight's own pages, so it was refused and nothing was changed. ` +
    `To let another origin change data, list it in ${ALLOWED_ORIGINS_VARIABLE}.`
  );
}
