import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { useTempDataDir } from "@/lib/server/testing/temp-data-dir";

const dataDir = useTempDataDir();
process.env.AUTO_INDEX = "0";
const { importDataset } = await import("./import-dataset");
const { reimportTable } = await import("./reimport-table");
const { getDataset } = await import("@/lib/server/stores/datasets");
const { openReadOnly } = await import("@/lib/server/sqlite/open");
const { datasetDir } = await import("@/lib/server/config");

function file(name: string, content: string) {
  const p = path.join(dataDir, name);
  fs.writeFileSync(p, content);
  return { originalName: name, path: p, size: fs.statSync(p).size };
}

describe("reimportTable", () => {
  it("re-reads a CSV table with another header depth: names, row count and rows change together", async () => {
    const detail = await importDataset([file("grades.csv", "Term,Term\nname,score\nAda,9\nAlan,8\n")]);
    const before = (await getDataset(detail.id))!.tables[0];
    expect(before.columns.map((c) => c.name)).toEqual(["Term", "Term_2"]);
    expect(before.rowCount).toBe(3);

    const meta = await reimportTable(detail.id, "grades", { headerRows: 2 });
    expect(meta.columns.map((c) => c.name)).toEqual(["Term / name", "Term / score"]);
    const after = (await getDataset(detail.id))!;
    expect(after.tables[0].rowCount).toBe(2);
    expect(after.rowCount).toBe(2);
    expect(after.tables[0].columns.map((c) => c.name)).toEqual(["Term / name", "Term / score"]);
    const db = openReadOnly(path.join(datasetDir(detail.id), after.storage.main));
    const rows = db.prepare(`SELECT * FROM "${meta.sqlName}" ORDER BY rowid`).raw(true).all();
    db.close();
    expect(rows).toEqual([
      ["Ada", 9],
      ["Alan", 8],
    ]);
    expect(after.tables[0].notes.join(" ")).toMatch(/first 2 rows are the header/);
  });

  it("keeps the written texts of the re-read rows only: a header row read as data leaves none behind", async () => {
    const detail = await importDataset([file("prices.csv", "item,price\npen,1.50\ncup,+2\nbox,3.25\n")]);
    const kept = async () => {
      const d = (await getDataset(detail.id))!;
      const db = openReadOnly(path.join(datasetDir(detail.id), d.storage.main));
      const rows = db.prepare('SELECT col, row, text FROM "_written_text" ORDER BY col, row').raw(true).all();
      db.close();
      return rows;
    };
    // 1.50 and 3.25 follow the column's form (two places); +2 keeps its text.
    expect(await kept()).toEqual([["price", 2, "+2"]]);
    const meta = await reimportTable(detail.id, "prices", { headerRows: 0 });
    // "price" is now a value of the column: the column is text, each value stored as written.
    expect(meta.columns.map((c) => c.type)).toEqual(["text", "text"]);
    expect(await kept()).toEqual([]);
  });

  it("re-reads each table from its own file when two uploaded files have names that clean alike", async () => {
    const rowsOf = async (id: string, sqlName: string) => {
      const d = (await getDataset(id))!;
      const db = openReadOnly(path.join(datasetDir(id), d.storage.main));
      const rows = db.prepare(`SELECT * FROM "${sqlName}" ORDER BY rowid`).raw(true).all();
      db.close();
      return rows;
    };
    for (const [a, b] of [
      ["report 2024.csv", "report_2024.csv"],
      ["data.csv", "data.csv"],
    ]) {
      // Written to two directories: the uploads really are two files, whatever their names.
      fs.mkdirSync(path.join(dataDir, "one"), { recursive: true });
      fs.mkdirSync(path.join(dataDir, "two"), { recursive: true });
      const first = file(path.join("one", a), "Term,Term\nname,score\nAda,9\n");
      const second = file(path.join("two", b), "Term,Term\nname,score\nZed,1\nYan,2\n");
      const detail = await importDataset([
        { ...first, originalName: a },
        { ...second, originalName: b },
      ]);
      const [t1, t2] = detail.tables;
      expect(t1.name).not.toBe(t2.name);
      expect(t1.sqlName).not.toBe(t2.sqlName);
      for (const t of [t2, t1]) await reimportTable(detail.id, t.name, { headerRows: 2 });
      expect(await rowsOf(detail.id, t1.sqlName)).toEqual([["Ada", 9]]);
      expect(await rowsOf(detail.id, t2.sqlName)).toEqual([
        ["Zed", 1],
        ["Yan", 2],
      ]);
      const after = (await getDataset(detail.id))!;
      expect(after.tables.map((t) => t.rowCount)).toEqual([1, 2]);
      expect(after.tables[0].sourceKey).not.toBe(after.tables[1].sourceKey);
    }
  });

  it("refuses unknown tables", async () => {
    const detail = await importDataset([file("t.csv", "a\n1\n")]);
    await expect(reimportTable(detail.id, "nope", { headerRows: 1 })).rejects.toThrow(/no table "nope"/);
  });
});
