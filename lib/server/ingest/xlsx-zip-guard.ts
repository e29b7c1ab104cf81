import "server-only";
import fs from "node:fs/promises";
import yauzl from "yauzl";
import { sniffContent } from "@/lib/core/ingest/sniff";
import { ImportError } from "./errors";
import type { IngestLimits } from "./types";
import { formatBytes } from "@/lib/core/util/format-bytes";

/**
 * Checks that a file is an XLSX the streamed reader may open: not encrypted, a zip with a workbook,
 * and declared sizes within the uncompressed limit and compression ratio (a zip bomb). A crafted
 * zip can declare small sizes in its directory; the reader opens every entry with size validation,
 * so an entry that inflates to more than it declared fails as it is read.
 */
export async function checkXlsxContainer(filePath: string, displayName: string, limits: IngestLimits): Promise<void> {
  const handle = await fs.open(filePath, "r");
  let fileSize: number;
  const head = Buffer.alloc(8);
  try {
    fileSize = (await handle.stat()).size;
    await handle.read(head, 0, head.length, 0);
  } finally {
    await handle.close();
  }
  const kind = sniffContent(head.subarray(0, Math.min(head.length, fileSize)));
  if (kind === "ole") {
    throw new ImportError(
      "xlsx_encrypted",
      `${displayName} is password-protected (or is a legacy .xls workbook). ` +
        `Open it in Excel and save it without a password as .xlsx, then upload it again.`,
    );
  }
  if (kind !== "zip") throw invalid(displayName);

  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(filePath, { lazyEntries: true, autoClose: false, validateEntrySizes: true });
  } catch {
    throw invalid(displayName);
  }
  try {
    await scanEntries(zip, fileSize, displayName, limits);
  } finally {
    zip.close();
  }
}

async function scanEntries(
  zip: yauzl.ZipFile,
  fileSize: number,
  displayName: string,
  limits: IngestLimits,
): Promise<void> {
  let total = 0;
  let hasWorkbook = false;
  const ratioLimit = limits.maxXlsxRatio * Math.max(1, fileSize);
  try {
    for await (const entry of zip.eachEntry()) {
      if (entry.isEncrypted()) {
        throw new ImportError(
          "xlsx_encrypted",
          `${displayName} is password-protected. Save it without a password as .xlsx and upload it again.`,
        );
      }
      if (/^\/?xl\/workbook\.xml$/i.test(entry.fileName)) hasWorkbook = true;
      if (entry.fileName.endsWith("/")) continue;
      total += entry.uncompressedSize;
      if (total > limits.maxXlsxUncompressedBytes || total > ratioLimit) throw tooLarge(displayName, total, fileSize);
    }
  } catch (error) {
    if (error instanceof ImportError) throw error;
    throw invalid(displayName);
  }
  if (!hasWorkbook) throw invalid(displayName);
}

function invalid(displayName: string): ImportError {
  return new ImportError(
    "xlsx_invalid",
    `${displayName} is not a valid Excel .xlsx workbook (it may be damaged, or another kind of file renamed to .xlsx).`,
  );
}

function tooLarge(displayName: string, uncompressed: number, fileSize: number): ImportError {
  return new ImportError(
    "xlsx_too_large",
    `${displayName} expands to more than ${formatBytes(uncompressed)} of spreadsheet data from ` +
      `a ${formatBytes(fileSize)} file, which is more than Tablesight reads from one workbook. ` +
      `Split it or save the sheets as CSV.`,
    413,
  );
}
