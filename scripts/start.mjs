// Starts the built app on HOST (default 127.0.0.1) and PORT (default 3000).
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";

if (!existsSync(".next/BUILD_ID")) {
  console.error("The app is not built yet: run `npm run build` first (the README's first command does both).");
  process.exit(1);
}
const host = process.env.HOST ?? "127.0.0.1";
const port = process.env.PORT ?? "3000";
// Bound anywhere but loopback the app is reachable by others: refuse to start without a token
// (the same rule proxy.ts enforces per request, see lib/core/security/access.ts).
const token = (process.env.TABLESIGHT_TOKEN ?? "").trim();
if (token && token.length < 16) {
  console.error("TABLESIGHT_TOKEN must be at least 16 characters long.");
  process.exit(1);
}
if (!token && !["127.0.0.1", "localhost", "::1", "[::1]"].includes(host.toLowerCase())) {
  console.error(
    `HOST=${host} makes Tablesight reachable from other machines: set TABLESIGHT_TOKEN to a secret of at least ` +
      `16 characters (or bind HOST=127.0.0.1).`,
  );
  process.exit(1);
}
const child = spawn(process.execPath, ["node_modules/next/dist/bin/next", "start", "-H", host, "-p", port], {
  stdio: "inherit",
  env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
