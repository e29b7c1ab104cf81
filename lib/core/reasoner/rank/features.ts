import { isOperationWord } from "./align";
import { STOP, CLOSED } from "../lang/en/ranker";

/**
 * Features of a (question, program, denotation) triple for the program ranker (Pasupat & Liang
 * 2015, §6): question words and bigrams crossed with the program's shape tags, how well the
 * program's columns are linked to the question, and the size and kind of its result. The words
 * are not rules: the ranker learns from training data which of them go with which shapes.
 */

/** A column a candidate program uses, with what schema linking said about it. */
export type ProgramColumn = {
  role: "select" | "aggregate" | "where" | "order" | "group";
  /** Column name words (expanded). */
  words: string[];
  /** Vote share from schema linking (0–1). */
  frequency: number;
  selected: boolean;
  keyLike: boolean;
  numeric: boolean;
  /** The column labels its table's rows (a name/title column). */
  isName: boolean;
  /** The column belongs to the table the question is about. */
  inMainTable: boolean;
  /** The column is also constrained by a WHERE condition of the program. */
  constrained: boolean;
};

/** The abstract shape of a candidate program: what the ranker sees of it before it runs. */
export type ProgramShape = {
  /** Shape tags, e.g. "kind:argmax", "agg:count", "dropped:1" (crossed with question words). */
  tags: string[];
  columns: ProgramColumn[];
  /** Tables joined in FROM. */
  tables: number;
  /** The program is the rule planner's own plan. */
  fromRules: boolean;
};

/** What a program's execution returned, summarised. */
export type Denotation = { rows: number; columns: number; allNull: boolean; firstNumeric: boolean; error: boolean };

export type FeatureVector = Map<string, number>;

/** Lower-cased word tokens of a question. */
export function tokenize(text: string): string[] {
  return text.toLowerCase().match(/[a-z]+|\d+/g) ?? [];
}

/**
 * The question's lexical cues: lead words, and unigrams and bigrams of its closed-class words
 * (numbers abstracted, every content word as "<w>"). Content words are left out on purpose: a
 * ranker that learns which domain words go with which program learns its training databases,
 * not questions (the operation words carry over to any schema).
 */
export function questionCues(question: string): string[] {
  const toks = tokenize(question).map((t) =>
    /^\d+$/.test(t) ? "<num>" : STOP.has(t) || CLOSED.has(t) || isOperationWord(t) ? t : "<w>",
  );
  const cues = new Set<string>();
  cues.add(`lead:${toks[0] ?? ""}`);
  cues.add(`lead2:${toks.slice(0, 2).join(" ")}`);
  for (let i = 0; i < toks.length; i++) {
    if (!STOP.has(toks[i]) && toks[i] !== "<w>") cues.add(`w:${toks[i]}`);
    if (i + 1 < toks.length && (toks[i] !== "<w>" || toks[i + 1] !== "<w>")) cues.add(`b:${toks[i]} ${toks[i + 1]}`);
  }
  return [...cues];
}

/** Share of a column's words that appear in the question (stem-ish: a shared 4-letter prefix). */
function wordOverlap(words: string[], questionTokens: string[]): number {
  if (!words.length) return 0;
  const stem = (w: string) => w.slice(0, Math.max(3, Math.min(w.length, 5)));
  const q = new Set(questionTokens.map(stem));
  return words.filter((w) => q.has(stem(w.toLowerCase()))).length / words.length;
}

function rowBucket(rows: number): string {
  return rows === 0 ? "0" : rows === 1 ? "1" : rows <= 5 ? "2-5" : rows <= 50 ? "6-50" : "51+";
}

/**
 * Static features: the question's cues crossed with the program's shape, and its linking.
 * `targets` are the word lists of the phrases the parser read as what is asked for.
 */
export function staticFeatures(
  cues: string[],
  questionTokens: string[],
  shape: ProgramShape,
  targets: string[][] = [],
): FeatureVector {
  const f: FeatureVector = new Map();
  const add = (k: string, v = 1) => f.set(k, (f.get(k) ?? 0) + v);
  add("bias");
  if (shape.fromRules) add("rules");
  for (const t of shape.tags) {
    add(`t:${t}`);
    for (const c of cues) add(`${c}|${t}`);
  }
  if (shape.fromRules) for (const c of cues) if (c.startsWith("lead")) add(`${c}|rules`);
  add(`tables:${Math.min(shape.tables, 4)}`);
  const lead = cues[0];
  for (const c of shape.columns) {
    const r = c.role;
    const overlap = wordOverlap(c.words, questionTokens);
    add(`${r}:freq`, c.frequency);
    add(`${r}:overlap`, overlap);
    if (overlap === 0) add(`${r}:unmentioned`);
    if (r !== "where") {
      const target = Math.max(0, ...targets.map((t) => wordOverlap(c.words, t)));
      add(`${r}:target`, target);
      if (target === 0) add(`${r}:untargeted`);
    }
    if (c.selected) add(`${r}:selected`);
    if (c.keyLike) add(`${r}:key`);
    if (c.isName) add(`${r}:name`);
    if (!c.inMainTable) add(`${r}:otherTable`);
    if (c.constrained) add(`${r}:constrained`);
    const type = c.numeric ? "num" : "text";
    add(`${r}:${type}`);
    if (r === "select" || r === "aggregate") add(`${lead}|${r}:${type}${c.isName ? ":name" : ""}`);
  }
  return f;
}

/** Features of the result: its size and emptiness, crossed with the question's lead words. */
export function denotationFeatures(cues: string[], shape: ProgramShape, d: Denotation): FeatureVector {
  const f: FeatureVector = new Map();
  const add = (k: string, v = 1) => f.set(k, (f.get(k) ?? 0) + v);
  if (d.error) {
    add("d:error");
    return f;
  }
  const bucket = rowBucket(d.rows);
  add(`d:rows=${bucket}`);
  add(`d:cols=${Math.min(d.columns, 3)}`);
  if (d.allNull) add("d:null");
  if (d.firstNumeric) add("d:numeric");
  for (const c of cues) if (c.startsWith("lead")) add(`${c}|d:rows=${bucket}`);
  for (const t of shape.tags) if (t.startsWith("kind:")) add(`${t}|d:rows=${bucket}`);
  return f;
}

/** Both feature sets in one vector. */
export function mergeFeatures(a: FeatureVector, b: FeatureVector): FeatureVector {
  const out = new Map(a);
  for (const [k, v] of b) out.set(k, (out.get(k) ?? 0) + v);
  return out;
}
