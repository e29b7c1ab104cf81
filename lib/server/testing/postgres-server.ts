import { execFile } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";

const run = promisify(execFile);

/** A throwaway PostgreSQL server for tests: its admin URL, a query helper, and stop(). */
export type TestPostgres = {
  host: string;
  port: number;
  adminUser: string;
  adminPassword: string;
  /** A connection URL (admin by default) to `database` (default "postgres"). */
  url: (opts?: { user?: string; password?: string; database?: string }) => string;
  /** Runs SQL as the admin on `database` (default "postgres"). */
  query: (sql: string, params?: unknown[], database?: string) => Promise<pg.QueryResult>;
  stop: () => Promise<void>;
};

/** The folder holding initdb and pg_ctl: PATH first, then Debian's /usr/lib/postgresql/<version>/bin. */
export function postgresBinDir(): string | null {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    if (dir && fs.existsSync(path.join(dir, "initdb")) && fs.existsSync(path.join(dir, "pg_ctl"))) return dir;
  }
  const root = "/usr/lib/postgresql";
  if (!fs.existsSync(root)) return null;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(root, versions[0], "bin") : null;
}

/** A TCP port nothing listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

// initdb refuses to run as root: as root the server runs as the "postgres" user (Debian's package
// creates it), else as "nobody".
function runAs(): string | null {
  if (process.getuid?.() !== 0) return null;
  try {
    fs.accessSync("/etc/passwd");
    const passwd = fs.readFileSync("/etc/passwd", "utf8");
    return /^postgres:/m.test(passwd) ? "postgres" : "nobody";
  } catch {
    return "nobody";
  }
}

async function exec(user: string | null, bin: string, args: string[]): Promise<void> {
  if (user) await run("runuser", ["-u", user, "--", bin, ...args], { timeout: 60_000 });
  else await run(bin, args, { timeout: 60_000 });
}

/**
 * Starts a real PostgreSQL: initdb in a temporary folder (password authentication over TCP),
 * pg_ctl start on a free loopback port. stop() shuts it down and removes the folder.
 */
export async function startTestPostgres(): Promise<TestPostgres> {
  const bin = postgresBinDir();
  if (!bin) throw new Error("PostgreSQL is not installed: initdb/pg_ctl not found (apt-get install postgresql).");
  const user = runAs();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tablesight-pg-"));
  const adminUser = "ts_admin";
  const adminPassword = `admin-${Math.random().toString(36).slice(2)}`;
  const pwfile = path.join(dir, "pw");
  fs.writeFileSync(pwfile, adminPassword);
  if (user) fs.chmodSync(dir, 0o777);
  if (user) await run("chown", ["-R", user, dir]);
  const data = path.join(dir, "data");
  await exec(user, path.join(bin, "initdb"), [
    "-D",
    data,
    "-U",
    adminUser,
    `--pwfile=${pwfile}`,
    "--auth-local=trust",
    "--auth-host=scram-sha-256",
    "-E",
    "UTF8",
    // Byte order for text, as SQLite's BINARY collation: answers compare across the two engines.
    "--no-locale",
    "--no-sync",
  ]);
  const port = await freePort();
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`;
  await exec(user, path.join(bin, "pg_ctl"), ["-D", data, "-o", opts, "-l", path.join(dir, "log"), "-w", "start"]);
  const host = "127.0.0.1";
  const url = (o: { user?: string; password?: string; database?: string } = {}) =>
    `postgresql://${encodeURIComponent(o.user ?? adminUser)}:${encodeURIComponent(o.password ?? adminPassword)}` +
    `@${host}:${port}/${o.database ?? "postgres"}`;
  const query = async (sql: string, params: unknown[] = [], database = "postgres") => {
    const client = new pg.Client({ connectionString: url({ database }) });
    await client.connect();
    try {
      return await client.query(sql, params);
    } finally {
      await client.end();
    }
  };
  const stop = async () => {
    try {
      await exec(user, path.join(bin, "pg_ctl"), ["-D", data, "-m", "immediate", "-w", "stop"]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };
  return { host, port, adminUser, adminPassword, url, query, stop };
}
