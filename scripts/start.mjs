// Starts the built app on HOST (default 127.0.0.1) and PORT (default 3000).
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";

if (!existsSync(".next/BUILD_ID")) {
  console.error("The app is not built yet: run `npm run build` first (the README's first command does both).");
  process.exit(1);
}
const host = process.env.HOST ?? "127.0.0.1";
const port = process.env.PORT ?? "3000";
const child = spawn(process.execPath, ["node_modules/next/dist/bin/next", "start", "-H", host, "-p", port], {
  stdio: "inherit",
  env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
