import "server-only";
import path from "node:path/posix";
import type { Readable } from "node:stream";
import yauzl from "yauzl";
import { attribute, parseXmlStream } from "./xlsx-xml";

/** A worksheet as the workbook lists it: its name, visibility and the zip entry holding its cells. */
export type WorkbookSheet = { name: string; state: string; part: string };

/**
 * The parts of an .xlsx package a streamed read needs, found through the package's relationships
 * (never by guessing paths): the sheets in workbook order, the shared strings, which cell styles
 * are dates, and whether serial dates count from 1904.
 */
export type XlsxPackage = {
  zip: yauzl.ZipFile;
  entries: Map<string, yauzl.Entry>;
  sheets: WorkbookSheet[];
  date1904: boolean;
  /** Indexes of cellXfs whose number format shows a date or a time. */
  dateStyles: Set<number>;
  sharedStrings: string[];
};

/** Called between chunks of every part read: memory checks and yields to the event loop. */
export type Between = () => void | Promise<void>;

// Built-in number formats that show dates or times (ECMA-376 §18.8.30; 27–36 and 50–58 are the
// East Asian date formats).
const BUILTIN_DATE_FORMATS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56,
  57, 58,
]);

/**
 * Whether a custom number format shows a date or time: y, m, d, h or s outside quotes, brackets
 * and escaped or padding characters (`\h`, `_)`, `* `).
 */
function isDateFormat(code: string): boolean {
  const bare = code
    .replace(/\[[^\]]*]/g, "")
    .replace(/"[^"]*"/g, "")
    .replace(/[\\_*]./g, "");
  return /[ymdhs]/i.test(bare) && !/^general$/i.test(bare.trim());
}

const entryKey = (name: string) => name.replace(/^\/+/, "").toLowerCase();

/** Opens the zip and reads the workbook's structure, shared strings and styles (not the sheets). */
export async function openXlsxPackage(filePath: string, between: Between): Promise<XlsxPackage> {
  const zip = await yauzl.openPromise(filePath, { lazyEntries: true, autoClose: false, validateEntrySizes: true });
  try {
    const entries = new Map<string, yauzl.Entry>();
    for await (const entry of zip.eachEntry()) entries.set(entryKey(entry.fileName), entry);
    const pkg: XlsxPackage = { zip, entries, sheets: [], date1904: false, dateStyles: new Set(), sharedStrings: [] };
    const rootRels = await readRelationships(pkg, "_rels/.rels", "", between);
    const workbookPart =
      rootRels.find((r) => r.type.endsWith("/officeDocument"))?.target ??
      (hasPart(pkg, "xl/workbook.xml") ? "xl/workbook.xml" : null);
    if (!workbookPart || !hasPart(pkg, workbookPart)) throw new Error("the package has no workbook part");
    const dir = path.dirname(workbookPart);
    const rels = await readRelationships(pkg, `${dir}/_rels/${path.basename(workbookPart)}.rels`, dir, between);
    const byId = new Map(rels.map((r) => [r.id, r]));
    await readWorkbook(pkg, workbookPart, byId, between);
    const strings = rels.find((r) => r.type.endsWith("/sharedStrings"));
    if (strings && hasPart(pkg, strings.target))
      pkg.sharedStrings = await readSharedStrings(pkg, strings.target, between);
    const styles = rels.find((r) => r.type.endsWith("/styles"));
    if (styles && hasPart(pkg, styles.target)) pkg.dateStyles = await readDateStyles(pkg, styles.target, between);
    return pkg;
  } catch (error) {
    zip.close();
    throw error;
  }
}

const hasPart = (pkg: XlsxPackage, part: string) => pkg.entries.has(entryKey(part));

/** The inflated bytes of one part, as a stream (sizes are checked against the directory as they come). */
export async function openPart(pkg: XlsxPackage, part: string): Promise<Readable> {
  const entry = pkg.entries.get(entryKey(part));
  if (!entry) throw new Error(`the package has no part ${part}`);
  return pkg.zip.openReadStreamPromise(entry);
}

type Relationship = { id: string; type: string; target: string };

async function readRelationships(pkg: XlsxPackage, part: string, base: string, between: Between) {
  const found: Relationship[] = [];
  if (!hasPart(pkg, part)) return found;
  await parseXmlStream(
    await openPart(pkg, part),
    {
      open(name, attrs) {
        if (name !== "Relationship" || attrs.TargetMode === "External") return;
        const target = attrs.Target ?? "";
        // Targets are relative to the part's folder, or absolute from the package root.
        const resolved = target.startsWith("/") ? target.slice(1) : path.normalize(path.join(base, target));
        found.push({ id: attrs.Id ?? "", type: attrs.Type ?? "", target: resolved });
      },
    },
    between,
  );
  return found;
}

async function readWorkbook(pkg: XlsxPackage, part: string, rels: Map<string, Relationship>, between: Between) {
  await parseXmlStream(
    await openPart(pkg, part),
    {
      open(name, attrs) {
        if (name === "workbookPr") pkg.date1904 = attrs.date1904 === "1" || attrs.date1904 === "true";
        if (name !== "sheet") return;
        const rel = rels.get(attribute(attrs, "r:id") ?? "");
        // Chart sheets and dialog sheets have other relationship types: they hold no cells.
        if (!rel?.type.endsWith("/worksheet") || !hasPart(pkg, rel.target)) return;
        pkg.sheets.push({
          name: attrs.name ?? `Sheet${pkg.sheets.length + 1}`,
          state: attrs.state ?? "visible",
          part: rel.target,
        });
      },
    },
    between,
  );
}

/** Shared strings in order: each `si`'s text runs joined, phonetic guides (`rPh`) left out. */
async function readSharedStrings(pkg: XlsxPackage, part: string, between: Between): Promise<string[]> {
  const strings: string[] = [];
  let current: string[] | null = null;
  let inText = false;
  let phonetic = 0;
  await parseXmlStream(
    await openPart(pkg, part),
    {
      open(name) {
        if (name === "si") current = [];
        else if (name === "rPh") phonetic++;
        else if (name === "t" && phonetic === 0) inText = true;
      },
      close(name) {
        if (name === "si" && current) {
          strings.push(current.join(""));
          current = null;
        } else if (name === "rPh") phonetic--;
        else if (name === "t") inText = false;
      },
      text(text) {
        if (inText && current) current.push(text);
      },
    },
    between,
  );
  return strings;
}

/** The cellXfs indexes whose number format is a date or time format. */
async function readDateStyles(pkg: XlsxPackage, part: string, between: Between): Promise<Set<number>> {
  const custom = new Map<number, string>();
  const formats: number[] = [];
  let inCellXfs = false;
  await parseXmlStream(
    await openPart(pkg, part),
    {
      open(name, attrs) {
        if (name === "numFmt") custom.set(Number(attrs.numFmtId), attrs.formatCode ?? "");
        else if (name === "cellXfs") inCellXfs = true;
        else if (name === "xf" && inCellXfs) formats.push(Number(attrs.numFmtId ?? 0));
      },
      close(name) {
        if (name === "cellXfs") inCellXfs = false;
      },
    },
    between,
  );
  const dates = new Set<number>();
  formats.forEach((id, index) => {
    const code = custom.get(id);
    if (code !== undefined ? isDateFormat(code) : BUILTIN_DATE_FORMATS.has(id)) dates.add(index);
  });
  return dates;
}
