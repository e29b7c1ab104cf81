import { defineConfig } from "vitest/config";
import path from "node:path";

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(__dirname),
      "server-only": path.resolve(__dirname, "lib/server/testing/server-only-stub.ts"),
    },
  },
  test: {
    include: [
      "lib/**/*.test.ts",
      "components/**/*.test.ts",
      "db/**/*.test.ts",
      "app/**/*.test.ts",
      "scripts/**/*.test.ts",
    ],
    environment: "node",
    testTimeout: 30000,
    // A file's first upload or question starts the worker pool (its threads, and bundling the
    // worker entries from source once per change of the sources): setup hooks may wait for that.
    hookTimeout: 60000,
    pool: "forks",
  },
});
