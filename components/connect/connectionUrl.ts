/** The fields of the "Connect a database" form when it is not given a URL. */
export type ConnectionFields = { host: string; port: string; database: string; user: string; password: string };

/** A postgresql:// URL from separate fields, each part encoded (a password may hold @, : or /). */
export function urlFromFields(f: ConnectionFields): string {
  const user = encodeURIComponent(f.user.trim());
  const auth = f.password ? `${user}:${encodeURIComponent(f.password)}` : user;
  const host = f.host.trim().includes(":") ? `[${f.host.trim()}]` : f.host.trim();
  const port = f.port.trim() || "5432";
  return `postgresql://${auth}@${host}:${port}/${encodeURIComponent(f.database.trim())}`;
}

/** The schemas typed as "public, sales" (empty: public). */
export function parseSchemas(text: string): string[] {
  const list = text
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  return list.length ? list : ["public"];
}
