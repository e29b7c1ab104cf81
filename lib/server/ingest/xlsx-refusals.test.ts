import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { IngestLimits } from "./types";
import { ImportError } from "./errors";
import { makeTempDir, makeTestContext, uploadedFile, type TestContext } from "./testing/test-context";
import { importXlsx } from "./xlsx";
import { bombEntries, makeZip, oneSheetEntries, writeFile, writeWorkbook } from "./testing/xlsx-fixtures";
import { WorkbookGuard } from "./xlsx-guard";
import { MAX_WORKBOOK_CELLS } from "@/lib/core/model/limits";

// Workbooks the import must refuse, each with a message that names the file (and the sheet).

let dir: string;
let ctx: TestContext;

beforeEach(() => {
  dir = makeTempDir();
  ctx = makeTestContext(path.join(dir, "ds"));
});
afterEach(() => {
  ctx.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function importError(file: string, limits: Partial<IngestLimits> = {}): Promise<ImportError> {
  Object.assign(ctx.limits, limits);
  const error = await importXlsx(uploadedFile(file), ctx).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImportError);
  return error as ImportError;
}

describe("importXlsx refuses", () => {
  it("refuses a workbook with only empty sheets", async () => {
    const file = await writeWorkbook(path.join(dir, "empty.xlsx"), (wb) => {
      wb.addWorksheet("One");
      wb.addWorksheet("Two").getCell("C3").value = "   ";
    });
    const error = await importError(file);
    expect(error.code).toBe("xlsx_empty");
    expect(error.message).toContain("empty.xlsx");
  });

  it("refuses a sheet with more columns than allowed, naming the sheet", async () => {
    const file = await writeWorkbook(path.join(dir, "wide.xlsx"), (wb) =>
      wb.addWorksheet("Wide").addRow(["a", "b", "c", "d", "e"]),
    );
    const error = await importError(file, { maxColumns: 3 });
    expect(error.code).toBe("too_many_columns");
    expect(error.message).toMatch(/Sheet "Wide" of wide\.xlsx has 5 columns/);
  });

  it("refuses a zip bomb by its compression ratio before reading it", async () => {
    const file = writeFile(path.join(dir, "bomb.xlsx"), makeZip(bombEntries(20_000_000)));
    const error = await importError(file);
    expect(error).toMatchObject({ code: "xlsx_too_large", status: 413 });
    expect(error.message).toContain("bomb.xlsx");
  });

  it("refuses a workbook whose uncompressed size is over the limit", async () => {
    const file = await writeWorkbook(path.join(dir, "big.xlsx"), (wb) =>
      wb.addWorksheet("S").addRows([["a"], ...Array.from({ length: 2000 }, (_, i) => [`row ${i}`])]),
    );
    expect((await importError(file, { maxXlsxUncompressedBytes: 20_000 })).code).toBe("xlsx_too_large");
  });

  it("catches a zip that declares small sizes but inflates to more", async () => {
    const cells = '<sheetData><row r="1"><c r="A1"><v>1</v></c></row></sheetData>';
    const sheet = `<worksheet>${cells}${" ".repeat(5_000_000)}</worksheet>`;
    const entries = oneSheetEntries(sheet).map((e) => ({ ...e, declaredSize: Math.min(e.data.length, 1000) }));
    const file = writeFile(path.join(dir, "liar.xlsx"), makeZip(entries));
    expect((await importError(file)).code).toBe("xlsx_invalid");
  });

  it("refuses zips that are not workbooks and files that are not zips", async () => {
    const zip = writeFile(
      path.join(dir, "archive.xlsx"),
      makeZip([{ name: "readme.txt", data: Buffer.from("hello") }]),
    );
    expect((await importError(zip)).code).toBe("xlsx_invalid");
    const text = writeFile(path.join(dir, "table.xlsx"), "a,b\n1,2\n");
    const error = await importError(text);
    expect(error.code).toBe("xlsx_invalid");
    expect(error.message).toContain("table.xlsx");
  });

  it("explains that an OLE file is password-protected or a legacy .xls", async () => {
    const ole = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(4096)]);
    const error = await importError(writeFile(path.join(dir, "secret.xlsx"), ole));
    expect(error.code).toBe("xlsx_encrypted");
    expect(error.message).toMatch(/secret\.xlsx is password-protected.*\.xls.*without a password as \.xlsx/);
  });

  it("stops a read past its heap share or its cell count, naming each limit", async () => {
    const guard = new WorkbookGuard("huge.xlsx", ctx, 1_000_000); // a 1 MB heap: already past 60% of it
    await new Promise((resolve) => setTimeout(resolve, 20));
    const error = await guard.between().then(
      () => null,
      (e: unknown) => e as ImportError,
    );
    expect(error).toMatchObject({ code: "xlsx_out_of_memory", status: 413 });
    expect(error?.message).toContain("(MAX_WORKBOOK_HEAP_SHARE)");
    const cells = new WorkbookGuard("wide.xlsx", ctx);
    cells.sheetDone(MAX_WORKBOOK_CELLS - 10);
    expect(() => cells.countCells("Two", 10, 1)).not.toThrow();
    expect(() => cells.countCells("Two", 11, 2)).toThrow(
      /wide\.xlsx has more than 5,000,000 cells.*MAX_WORKBOOK_CELLS/,
    );
  });
});
