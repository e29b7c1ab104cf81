import "server-only";
import path from "node:path";

function intFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  const n = raw ? Number(raw) : NaN;
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

/** Runtime configuration, read from environment variables once per process. */
export const config = {
  get dataDir(): string {
    return path.resolve(/*turbopackIgnore: true*/ process.env.DATA_DIR ?? "./data");
  },
  get databaseUrl(): string {
    return process.env.DATABASE_URL ?? `file:${path.join(this.dataDir, "app.db")}`;
  },
  get databaseAuthToken(): string | undefined {
    return process.env.DATABASE_AUTH_TOKEN || undefined;
  },
  get maxUploadBytes(): number {
    return intFromEnv("MAX_UPLOAD_BYTES", 500 * 1024 * 1024);
  },
  get maxFileBytes(): number {
    return intFromEnv("MAX_FILE_BYTES", this.maxUploadBytes);
  },
  get maxFilesPerUpload(): number {
    return intFromEnv("MAX_FILES_PER_UPLOAD", 50);
  },
  get seedSample(): boolean {
    return process.env.SEED_SAMPLE !== "0";
  },
};

export const datasetsDir = () => path.join(config.dataDir, "datasets");
export const tmpDir = () => path.join(config.dataDir, "tmp");
export const datasetDir = (id: string) => path.join(datasetsDir(), id);
