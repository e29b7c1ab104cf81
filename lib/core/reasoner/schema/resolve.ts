import { phraseMatch, tableMatch } from "../../retrieval/schema-docs";
import { dice, trigrams, wordsMeet } from "../../retrieval/vocab";
import { SUPERLATIVES } from "../lang/en/lexicon";
import type { AnswerColumn, AnswerInput } from "../answer/input";
import { isKeyRole } from "./roles";
import { NAME_WORDS, KEY_PHRASE, KEY_MENTION, PROSE_WORDS } from "../lang/en/column-roles";

export type ResolveOptions = {
  numeric?: boolean;
  preferTable?: string | null;
  tables?: readonly string[];
  minScore?: number;
};

/**
 * Maps the question's phrases onto the answer's columns and tables: lexical match of the phrase
 * to the column name (stems, synonyms, abbreviations), nudged towards columns schema mapping
 * selected and towards the table the question is about.
 */
export class Resolver {
  private readonly tableWords: Map<string, string[]>;

  constructor(readonly input: AnswerInput) {
    this.tableWords = new Map(input.tables.map((t) => [t.name, t.words]));
  }

  private doc(c: AnswerColumn) {
    return { own: c.own, words: c.words, tableWords: this.tableWords.get(c.table) ?? [] };
  }

  private isNumeric(c: AnswerColumn): boolean {
    return c.type === "integer" || c.type === "real" || c.numericText;
  }

  /** The best column for a phrase, or null when none matches well enough. */
  resolve(phrase: string, options: ResolveOptions = {}): AnswerColumn | null {
    return this.resolveScored(phrase, options)?.column ?? null;
  }

  /** The best column for a phrase with its lexical match score (0–1). */
  resolveScored(phrase: string, options: ResolveOptions = {}): { column: AnswerColumn; match: number } | null {
    let best: AnswerColumn | null = null;
    let bestMatch = 0;
    let bestScore = options.minScore ?? 0.35;
    for (const c of this.input.columns) {
      if (options.tables && !options.tables.includes(c.table)) continue;
      if (options.numeric && !this.isNumeric(c)) continue;
      // A key is counted, never measured: "the average order" is not AVG(order_id).
      if (options.numeric && isKeyRole(c.role) && !KEY_PHRASE.test(phrase)) continue;
      // Spelling close enough counts a little ("directed" ~ "director", "losses" ~ "lost").
      const lexical = phraseMatch(phrase, this.doc(c));
      const m = lexical >= 0.3 ? lexical : 0.8 * dice(trigrams(phrase), trigrams(c.words.join(" ")));
      if (m < 0.3) continue;
      const s =
        m +
        (c.selected ? 0.12 : 0) +
        0.08 * c.frequency +
        (options.preferTable && c.table === options.preferTable ? 0.12 : 0) -
        (c.keyLike && !KEY_MENTION.test(phrase) ? 0.05 : 0);
      if (s > bestScore) {
        best = c;
        bestScore = s;
        bestMatch = m;
      }
    }
    return best ? { column: best, match: bestMatch } : null;
  }

  /** The table a phrase names ("singers" → singer), or null. */
  table(phrase: string, min = 0.5): string | null {
    let best: string | null = null;
    let bestScore = min;
    for (const t of this.input.tables) {
      const s = tableMatch(phrase, { words: t.words });
      if (s > bestScore || (s === bestScore && best === null && s > min)) {
        best = t.name;
        bestScore = s;
      }
    }
    return best;
  }

  /** The column a superlative or ordering adjective stands for ("youngest" → age ascending). */
  concept(word: string, options: ResolveOptions = {}): { column: AnswerColumn; flip: boolean } | null {
    const entry = SUPERLATIVES[word];
    if (!entry) return null;
    const candidates = this.input.columns.filter(
      (c) =>
        (this.isNumeric(c) || c.type === "date" || c.type === "text") &&
        (!options.tables || options.tables.includes(c.table)),
    );
    const pick = (words: readonly string[]) =>
      candidates
        .filter((c) => c.words.some((w) => words.some((x) => wordsMeet(x, w))))
        .sort(
          (a, b) =>
            Number(b.selected) -
            Number(a.selected) +
            (options.preferTable
              ? Number(b.table === options.preferTable) - Number(a.table === options.preferTable)
              : 0),
        )[0];
    const direct = entry.concept.length ? pick(entry.concept) : undefined;
    if (direct) return { column: direct, flip: false };
    const inverse = entry.inverse ? pick(entry.inverse) : undefined;
    return inverse ? { column: inverse, flip: true } : null;
  }

  /** The column that names a row of a table: the semantic model's label, a name/title column, else its key. */
  nameColumn(table: string): AnswerColumn | null {
    const cols = this.input.columns.filter((c) => c.table === table);
    const modelled = this.input.entities?.find((e) => e.table === table)?.label?.columns[0];
    const labelled = modelled ? cols.find((c) => c.column === modelled) : undefined;
    if (labelled) return labelled;
    const named =
      cols.find((c) => c.role === "label" && c.own.some((w) => NAME_WORDS.includes(w))) ??
      cols.find((c) => c.own.some((w) => NAME_WORDS.includes(w))) ??
      cols.find((c) => c.words.some((w) => NAME_WORDS.includes(w)));
    if (named) return named;
    // Without a name column, the leftmost mostly-unique text column labels the rows.
    const label =
      cols.find((c) => c.role === "label") ??
      cols.find(
        (c) =>
          c.type === "text" &&
          !c.numericText &&
          !c.keyLike &&
          c.uniqueness >= 0.5 &&
          !c.words.some((w) => PROSE_WORDS.has(w)),
      );
    return label ?? this.keyColumn(table);
  }

  /** A table's primary key (or first key-like column). */
  keyColumn(table: string): AnswerColumn | null {
    const cols = this.input.columns.filter((c) => c.table === table);
    return cols.find((c) => c.isPrimaryKey) ?? cols.find((c) => c.keyLike) ?? cols[0] ?? null;
  }

  columnsOf(table: string): AnswerColumn[] {
    return this.input.columns.filter((c) => c.table === table);
  }
}
