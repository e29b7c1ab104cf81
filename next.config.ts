import type { NextConfig } from "next";

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
  ],
  poweredByHeader: false,
};

export default nextConfig;
