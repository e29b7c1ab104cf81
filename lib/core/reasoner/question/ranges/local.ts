import { refKey } from "../../../model/column-ref";
import type { CellValue } from "../../../trace/atoms";
import type { RangeColumn, RangeInput } from "./step";
import type { ColumnRange, Predicate } from "../../../retrieval/types";
import { contextScore, inColumnUnit, isNumeric, pickColumn } from "./attach";
import { dateRanges, placeableDates } from "./dates";
import { namedByForm, readFlags } from "./flags";
import { CONTAINS, STARTS, IN_NAME } from "../../lang/en/values";

const key = refKey;

/**
 * The local range parser (FGTR §4.3): value hints and named entities constrain the text columns
 * that hold them, numbers the numeric column their context names ("weight is heavier than 10"),
 * dates the date or year columns; every other selected column is dependent.
 */
export function parseRangesLocally(input: RangeInput): { reasoning: string; ranges: ColumnRange[] } {
  const { parsed: p, columns } = input;
  const q = input.question.toLowerCase();
  const byKey = new Map(columns.map((c) => [key(c), c]));
  const constrained = new Map<string, ColumnRange>();
  // A date phrase is a date when the tables hold dates: "March" of "in March 2011" is no first name, "Eve" no surname.
  const dateTexts = placeableDates(p.dates, columns).map((d) => d.text.toLowerCase());
  const inDate = (lower: string) => dateTexts.some((d) => d.includes(lower));
  const usedPhrases = new Set<string>();

  const addText = (c: RangeColumn, phrase: string, op: Predicate["op"]) => {
    const prev = constrained.get(key(c));
    if (prev?.predicate && (prev.predicate.op === "=" || prev.predicate.op === "in") && (op === "=" || op === "in")) {
      const values = [...new Set([...prev.predicate.values, phrase])];
      constrained.set(key(c), {
        ...prev,
        predicate: { op: "in", values },
        query: values.join(" | "),
        source: `${prev.source} / ${phrase}`,
      });
      return;
    }
    constrained.set(key(c), {
      table: c.table,
      column: c.column,
      role: "constrained",
      predicate: { op, values: [phrase] },
      query: phrase,
      source: phrase,
    });
  };

  const textColumns = columns.filter((c) => c.type === "text");
  const around = (phrase: string) => {
    const at = q.indexOf(phrase);
    return {
      before: at > 0 ? q.slice(Math.max(0, at - 40), at) : "",
      after: at >= 0 ? q.slice(at + phrase.length, at + phrase.length + 40) : "",
    };
  };
  // The operator a phrase is matched with: "containing X", "X in the name" → contains; "starting with X".
  const matchOp = (before: string, after: string): Predicate["op"] =>
    CONTAINS.test(before) || IN_NAME.test(after) ? "contains" : STARTS.test(before) ? "starts-with" : "=";

  // Named entities first when quoted or placed in a name ("'Star Wars' in the title", "Ford in the name"):
  // the user wrote the value out, so its words are not read as values of their own.
  const entityTarget = (e: (typeof p.entities)[number], before: string, after: string) => {
    const named = IN_NAME.exec(after)?.[1];
    const plain = textColumns.filter((c) => !c.keyLike);
    // "name" and "title" are stop words of column names, so the raw header says which column is the name.
    const byHeader = (w: string) => plain.find((c) => new RegExp(`${w}`, "i").test(c.name));
    if (named) return pickColumn(named, plain, true, true) ?? byHeader(named) ?? byHeader("name|title") ?? null;
    // Only a quoted entity may fall back to the one plain text column; a capitalised word may be anything.
    return pickColumn(before, plain, true, e.kind !== "quoted") ?? (e.kind === "quoted" ? (plain[0] ?? null) : null);
  };
  const takeEntity = (e: (typeof p.entities)[number]) => {
    const lower = e.text.toLowerCase();
    if ([...usedPhrases].some((u) => u.includes(lower) || lower.includes(u)) || /^\d+$/.test(e.text) || inDate(lower))
      return;
    const { before, after } = around(lower);
    const target = entityTarget(e, before, after);
    if (!target) return;
    usedPhrases.add(lower);
    addText(target, e.text, matchOp(before, after));
  };
  for (const e of p.entities)
    if (e.kind === "quoted" || IN_NAME.test(around(e.text.toLowerCase()).after)) takeEntity(e);

  // Value hints: the longest phrase per column wins; shorter phrases inside it are the same mention.
  const hints = [...input.hints]
    .filter((h) => byKey.has(key(h)) && (h.exact || h.score >= 0.85))
    .sort((a, b) => b.phrase.length - a.phrase.length);
  for (const h of hints) {
    const lower = h.phrase.toLowerCase();
    if ([...usedPhrases].some((u) => u.includes(lower)) || inDate(lower)) continue;
    usedPhrases.add(lower);
    const { before, after } = around(lower);
    // A value found under another form of the word ("snowy" → snow, "Texas" → TX) is that value.
    const value = h.exact && h.value.toLowerCase() !== lower ? h.value : h.phrase;
    addText(byKey.get(key(h))!, value, matchOp(before, after));
  }
  // Named entities without a value hint still constrain a text column: "named 'Robbin CV'".
  for (const e of p.entities) {
    if (e.kind === "capitalized" && !e.text.includes(" ") && e.text.length > 2 && !/[A-Z]{2}/.test(e.text)) continue;
    // "the top MSRP", "the highest average IMDB rating": an unquoted name a column is called by names that column.
    if (e.kind !== "quoted" && namesColumn(e.text, columns)) continue;
    takeEntity(e);
  }
  // Dates before numbers: a year is a date when a date or year column is selected.
  const usedTexts = dateRanges(p.dates, columns, constrained);
  const usedNumbers = new Set<string>();
  for (const n of p.numbers) {
    // A year read as a date is not also a quantity ("paid in 2005" is not an amount of 2005).
    if (
      usedTexts.has(n.text) ||
      [...usedTexts].some((t) => t.includes(n.text) || n.text.includes(t) || n.text.startsWith(`${t} `))
    )
      continue;
    // The number is part of a value already matched ("Customer 74218"), not a quantity.
    const asWord = new RegExp(`(^|[^\\w.])${n.text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}($|[^\\w.])`);
    if ([...usedPhrases].some((u) => asWord.test(u))) continue;
    const c = pickColumn(
      n.context,
      columns.filter(
        (x) => isNumeric(x) && (!constrained.has(key(x)) || constrained.get(key(x))?.predicate?.op === "="),
      ),
      false,
      usedNumbers.size > 0,
      n.unit ?? null,
    );
    if (!c) continue;
    const lo = inColumnUnit(n.value, n.unit, c);
    const hi = n.upper !== undefined ? inColumnUnit(n.upper, n.unit, c) : null;
    // "aged either 32 or 33": a second equality on the same column widens it to a list.
    const prev = constrained.get(key(c));
    if (prev?.predicate && n.comparator === "=" && (prev.predicate.op === "=" || prev.predicate.op === "in")) {
      constrained.set(key(c), {
        ...prev,
        predicate: { op: "in", values: [...prev.predicate.values, lo.value] },
        source: `${prev.source} / ${n.text}`,
      });
      continue;
    }
    if (prev) continue;
    usedNumbers.add(key(c));
    const values: CellValue[] = n.comparator === "between" ? [lo.value, hi?.value ?? lo.value] : [lo.value];
    constrained.set(key(c), {
      table: c.table,
      column: c.column,
      role: "constrained",
      predicate: { op: n.comparator, values },
      source: lo.note ? `${n.text} (${lo.note})` : n.text,
    });
  }
  // "discontinued products", "did not complete": a yes/no column's true or false written value.
  for (const f of readFlags(input.question, columns)) {
    if (constrained.has(key(f.column))) continue;
    constrained.set(key(f.column), {
      table: f.column.table,
      column: f.column.column,
      role: "constrained",
      predicate: { op: "=", values: [f.value] },
      source: f.words,
    });
  }
  // "no capital recorded": the column the phrase names must be empty (or filled, for "with a … listed").
  for (const m of p.missing) {
    // "delivery date" names "delivered_on" by another form of its word when no column's own words say it.
    const c = pickColumn(m.phrase, columns, false, true) ?? columns.find((x) => !x.keyLike && namedByForm(m.phrase, x));
    if (!c || constrained.has(key(c)) || (contextScore(m.phrase, c) < 0.7 && !namedByForm(m.phrase, c))) continue;
    constrained.set(key(c), {
      table: c.table,
      column: c.column,
      role: "constrained",
      predicate: { op: m.present ? "not-null" : "is-null", values: [] },
      source: m.phrase,
    });
  }
  const ranges = columns.map(
    (c) => constrained.get(key(c)) ?? { table: c.table, column: c.column, role: "dependent" as const },
  );
  const n = constrained.size;
  return {
    reasoning: n
      ? `${n} column${n === 1 ? " is" : "s are"} constrained by values, numbers or dates of the question; ` +
        `the rest are dependent.`
      : "No column is constrained; every column is dependent.",
    ranges,
  };
}

/** Whether every word of a phrase is a word of one column's header ("IMDB" of "IMDB Rating", "MSRP"). */
function namesColumn(phrase: string, columns: readonly RangeColumn[]): boolean {
  const words = phrase
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  if (!words.length) return false;
  return columns.some((c) => {
    const header = new Set([...c.name.toLowerCase().split(/[^\p{L}\p{N}]+/u), ...c.words.map((w) => w.toLowerCase())]);
    return words.every((w) => header.has(w));
  });
}
