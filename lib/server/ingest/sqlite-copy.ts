import "server-only";
import { constants } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { sniffContent } from "@/lib/core/ingest/sniff";
import { ImportError } from "./errors";
import type { UploadedFile } from "./types";

// The uploaded SQLite file itself: checked by its header, then copied under a fresh name. SQLite
// opens only the copy, so the upload is never touched.

/** Refuses a file that does not start with the SQLite header (an encrypted database does not). */
export async function checkHeader(file: UploadedFile): Promise<void> {
  const handle = await fs.open(file.path, "r");
  const head = Buffer.alloc(16);
  try {
    const { bytesRead } = await handle.read(head, 0, 16, 0);
    if (sniffContent(head.subarray(0, bytesRead)) === "sqlite") return;
  } finally {
    await handle.close();
  }
  throw new ImportError(
    "sqlite_invalid",
    `${file.originalName} is not a SQLite database (it does not start with the SQLite header; ` +
      `encrypted databases cannot be read).`,
  );
}

/** Copies the upload to a fresh copy-N.sqlite so the original is never opened by SQLite. */
export async function copyUpload(source: string, workDir: string): Promise<string> {
  for (let n = 1; ; n++) {
    const name = `copy-${n}.sqlite`;
    try {
      await fs.copyFile(source, path.join(workDir, name), constants.COPYFILE_EXCL);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "EEXIST") continue;
      throw error;
    }
    // An upload is a lone file, so a WAL-mode database has no WAL beside it; switching the copy's
    // header to rollback mode stops read-only connections from creating -wal and -shm files.
    const handle = await fs.open(path.join(workDir, name), "r+");
    try {
      const mode = Buffer.alloc(2);
      await handle.read(mode, 0, 2, 18);
      if (mode[0] === 2 || mode[1] === 2) await handle.write(Buffer.from([1, 1]), 0, 2, 18);
    } finally {
      await handle.close();
    }
    return name;
  }
}
