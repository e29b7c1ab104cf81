/**
 * Which Host names the app answers to. A page on attacker.example whose DNS name is switched to
 * 127.0.0.1 after it loads ("DNS rebinding") reaches this server as same-origin for the browser,
 * but every request it sends still says `Host: attacker.example`. Answering only to loopback
 * names, the address the server was bound to, and names the operator listed closes that door.
 */

/** The variable in which the operator lists further host names (comma or space separated). */
export const ALLOWED_HOSTS_VARIABLE = "TABLESIGHT_ALLOWED_HOSTS";

// Letters, digits, dots, hyphens, underscores, an IPv6 literal in brackets and a port: nothing
// (such as "@" or "/") that would make the URL parser read a different host than the header says.
const AUTHORITY = /^(?:[a-z0-9._-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The host name of a Host header (or a HOST / allow-list entry) without its port, lower-cased and
 * in the URL parser's canonical form ("127.1" → "127.0.0.1", IPv6 in brackets); null when malformed.
 */
export function canonicalHostName(authority: string): string | null {
  const value = authority.trim();
  if (!AUTHORITY.test(value)) return null;
  try {
    const name = new URL(`http://${value}`).hostname.toLowerCase();
    return name || null;
  } catch {
    return null;
  }
}

/** A bare address from a bind setting or a network interface (IPv6 without brackets, maybe with a zone). */
export function canonicalAddress(address: string): string | null {
  const bare = address.trim().replace(/%.*$/, "");
  return canonicalHostName(bare.includes(":") && !bare.startsWith("[") ? `[${bare}]` : bare);
}

/** localhost, 127.0.0.0/8, ::1 (also written as the IPv4-mapped ::ffff:127.x.x.x). */
export function isLoopbackName(name: string): boolean {
  if (name === "localhost" || name === "[::1]") return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name) || /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(name);
}

/** The addresses that mean "every interface" when a server binds them. */
export function isWildcardAddress(name: string): boolean {
  return name === "0.0.0.0" || name === "[::]";
}

/**
 * The names a request may carry besides loopback ones: `exact` names (already canonical),
 * `suffixes` from entries written ".example.com" (that name and every subdomain), and `any`
 * when the operator wrote "*" (turns the check off; only sensible behind a token).
 */
export type HostAllowList = { exact: ReadonlySet<string>; suffixes: readonly string[]; any: boolean };

/** Parses the TABLESIGHT_ALLOWED_HOSTS value plus extra names (bind address, interfaces); bad entries are reported. */
export function parseAllowedHosts(
  listed: string | undefined,
  extra: readonly string[] = [],
): { list: HostAllowList; invalid: string[] } {
  const exact = new Set<string>();
  const suffixes: string[] = [];
  const invalid: string[] = [];
  let any = false;
  for (const entry of (listed ?? "").split(/[\s,]+/).filter(Boolean)) {
    if (entry === "*") any = true;
    else if (entry.startsWith(".")) {
      const name = canonicalHostName(entry.slice(1));
      if (name) suffixes.push(name);
      else invalid.push(entry);
    } else {
      const name = canonicalHostName(entry);
      if (name) exact.add(name);
      else invalid.push(entry);
    }
  }
  for (const name of extra) exact.add(name);
  return { list: { exact, suffixes, any }, invalid };
}

/** Whether a request's Host header names this server; an absent header (not a browser) passes. */
export function hostAllowed(hostHeader: string | null | undefined, list: HostAllowList): boolean {
  if (hostHeader === null || hostHeader === undefined) return true;
  if (list.any) return true;
  const name = canonicalHostName(hostHeader);
  if (!name) return false;
  if (isLoopbackName(name) || list.exact.has(name)) return true;
  return list.suffixes.some((suffix) => name === suffix || name.endsWith(`.${suffix}`));
}

/** The message a refused Host gets: what was refused and which variable to set. */
export function hostRefusalMessage(hostHeader: string): string {
  const shown = hostHeader.length > 100 ? `${hostHeader.slice(0, 100)}…` : hostHeader;
  return (
    `Requests addressed to host "${shown}" are refused: Tablesight answers only to this machine's ` +
    `loopback names (localhost, 127.0.0.1, [::1]), the address it was started on (HOST), and the ` +
    `names listed in ${ALLOWED_HOSTS_VARIABLE}. ` +
    `If you reach this server under that name on purpose, add it to ${ALLOWED_HOSTS_VARIABLE} and restart.`
  );
}
