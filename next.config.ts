import path from "node:path";
import type { NextConfig } from "next";
import { BUILT_WORKERS_DIR, bundleWorkers } from "./lib/server/pool/bundle";

const nextConfig: NextConfig = {
  // Native or stream-heavy packages stay outside the server bundle.
  serverExternalPackages: [
    "libsql",
    "@libsql/client",
    "exceljs",
    "busboy",
    "yauzl",
    "usearch",
    "iconv-lite",
    "papaparse",
    "tinypool",
  ],
  poweredByHeader: false,
  compiler: {
    // The worker pool's entries (question and index threads, SQL processes) are typed TypeScript
    // bundled with the app: `next start` runs them from .next/workers.
    runAfterProductionCompile: async ({ projectDir, distDir }) => {
      const esbuild = await import("esbuild");
      await bundleWorkers(esbuild, projectDir, path.join(distDir, BUILT_WORKERS_DIR));
    },
  },
};

export default nextConfig;
