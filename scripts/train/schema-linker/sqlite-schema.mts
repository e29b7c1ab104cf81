// Reads a SQLite database the way the app's index does (core profiles, local descriptions,
// expanded names) into the linker's column list, plus a light cell lookup for value hits:
// exact and normalised values and word-prefix matches, the cell index's lexical path.
import Database from "libsql";
import { describeColumn } from "../../../lib/core/index/describe-column.ts";
import { describeTable } from "../../../lib/core/index/describe-table.ts";
import { profileColumn } from "../../../lib/core/index/profile.ts";
import { typeFromDeclared } from "../../../lib/core/ingest/infer-type.ts";
import type { LinkColumn, LinkHint } from "../../../lib/core/reasoner/schema/linking/features.ts";
import type { ColumnType } from "../../../lib/core/model/dataset.ts";
import type { WordPredicate } from "../../../lib/core/text/lexicon.ts";
import { normalizeText } from "../../../lib/core/text/normalize.ts";
import { candidatePhrases } from "../../../lib/core/reasoner/question/value-hints.ts";
import type { DbSchema } from "../../../lib/core/eval/gold-sql.ts";

const q = (s: string) => `"${s.replace(/"/g, '""')}"`;
/** Rows read per column for its profile, and distinct text values kept for value hits. */
const PROFILE_ROWS = 20_000;
const VALUES_PER_COLUMN = 20_000;

export type LinkDb = {
  columns: LinkColumn[];
  /** Lowercase table → lowercase columns, for gold SQL analysis. */
  goldSchema: DbSchema;
  /** Per column key, normalised values. */
  values: Map<string, Set<string>>;
};

function typeOf(declared: string, values: unknown[]): ColumnType {
  const t = typeFromDeclared(declared);
  if (t) return t;
  const present = values.filter((v) => v !== null && v !== "");
  if (present.length && present.every((v) => typeof v === "number"))
    return present.every((v) => Number.isInteger(v)) ? "integer" : "real";
  return "text";
}

/** Reads one database file into linker columns and value sets. */
export function readLinkDb(file: string, isWord: WordPredicate): LinkDb {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const tables = (
      db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
        .raw(true)
        .all() as string[][]
    ).map((r) => r[0]);
    const columns: LinkColumn[] = [];
    const goldSchema: DbSchema = new Map();
    const values = new Map<string, Set<string>>();
    for (const t of tables) {
      const info = db.prepare(`PRAGMA table_info(${q(t)})`).all() as Array<{ name: string; type: string; pk: number }>;
      const rowCount = Number(
        (
          db
            .prepare(`SELECT count(*) FROM ${q(t)}`)
            .raw(true)
            .get() as unknown[]
        )[0],
      );
      goldSchema.set(
        t.toLowerCase(),
        info.map((c) => c.name.toLowerCase()),
      );
      const metas = info.map((c, i) => ({
        name: c.name,
        sqlName: c.name,
        position: i,
        isPrimaryKey: c.pk > 0,
        nullable: true,
      }));
      const typed = info.map((c) => {
        const vals = (
          db
            .prepare(`SELECT ${q(c.name)} FROM ${q(t)} LIMIT ${PROFILE_ROWS}`)
            .raw(true)
            .all() as unknown[][]
        ).map((r) => r[0]);
        return { c, vals, type: typeOf(c.type, vals) };
      });
      const td = describeTable(
        { name: t, rowCount, columns: metas.map((m, i) => ({ ...m, type: typed[i].type })) },
        metas.filter((m) => m.isPrimaryKey).map((m) => m.sqlName),
        { isWord },
      );
      for (const { c, vals, type } of typed) {
        const profile = profileColumn(type, vals as never[], Math.min(rowCount, PROFILE_ROWS));
        const d = describeColumn(t, { name: c.name, sqlName: c.name }, profile, { isWord });
        columns.push({
          table: t,
          tableExpanded: td.expandedName,
          column: c.name,
          name: c.name,
          expandedName: d.expandedName,
          description: d.description,
          type,
          isPrimaryKey: c.pk > 0,
          uniqueness: profile.uniqueness,
        });
        if (type === "text" || type === "date") {
          const set = new Set<string>();
          const rows = db
            .prepare(
              `SELECT DISTINCT CAST(${q(c.name)} AS TEXT) FROM ${q(t)} WHERE ${q(c.name)} IS NOT NULL ` +
                `LIMIT ${VALUES_PER_COLUMN}`,
            )
            .raw(true)
            .all() as string[][];
          for (const [v] of rows) {
            const n = normalizeText(String(v));
            if (n) set.add(n);
          }
          values.set(`${t}\u0000${c.name}`, set);
        }
      }
    }
    return { columns, goldSchema, values };
  } finally {
    db.close();
  }
}

/**
 * Value hits of a question in a database: a candidate phrase (the app's own phrase finder) whose
 * normalised text is a value of a column (exact), or begins one at a word boundary (partial, 0.9).
 */
export function valueHints(question: string, db: LinkDb): LinkHint[] {
  const hints: LinkHint[] = [];
  for (const phrase of candidatePhrases(question)) {
    const norm = normalizeText(phrase);
    if (!norm) continue;
    const singular = /^[a-z]{4,}s$/i.test(phrase) && !/ss$/i.test(phrase) ? normalizeText(phrase.slice(0, -1)) : null;
    for (const [key, set] of db.values) {
      const [table, column] = key.split("\u0000");
      if (set.has(norm) || (singular && set.has(singular))) {
        hints.push({ table, column, phrase, score: 1, exact: true });
        continue;
      }
      if (norm.length < 4) continue;
      for (const v of set) {
        if (v.length > norm.length && v.startsWith(norm) && /[^\p{L}\p{N}]/u.test(v[norm.length])) {
          hints.push({ table, column, phrase, score: 0.9, exact: false });
          break;
        }
      }
    }
  }
  return hints;
}
