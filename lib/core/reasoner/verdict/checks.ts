import { questionLiteralChecks } from "./question-literals";
import { normalizeText } from "../../text/normalize";
import { maxRowsExpected, type QuestionShape } from "./question-shape";
import { contentWords } from "./schema-words";
import { columnsNamed, outOfRange, readable, sqlComparisons, sqlStrings } from "./sql-literals";
import type { TraceFacts } from "./trace-facts";
import type { AssessInput, FailedCheck } from "./types";
import { measureCheck } from "./measure-check";
import { evidenceWordMatcher } from "./schema-words";
import { MODIFIERS, ATTRIBUTE_OF, CHOICE_WORDS } from "../lang/en/verdict";

/** A filter value matched below this similarity is called loose. */
const LOOSE_MATCH = 0.8;

const NO_ANSWER_WARNINGS = new Set(["no_columns", "no_answer", "no_table", "empty_question"]);

function rowsOf(input: AssessInput, facts: TraceFacts): number {
  return facts.answerSql?.ok ? facts.answerSql.rowCount : input.answer.values.length;
}

/** Expected shape against the result: empty, NULL aggregate, too many rows for one value or entity. */
function shapeChecks(input: AssessInput, facts: TraceFacts, shape: QuestionShape): FailedCheck[] {
  const out: FailedCheck[] = [];
  const rows = rowsOf(input, facts);
  const values = input.answer.values;
  const yesNo = input.answer.operation === "yes-no";
  if (!yesNo && (rows === 0 || values.length === 0)) {
    out.push({
      id: "empty-result",
      hard: true,
      reason: facts.answerSql ? "the query returned no rows" : "no answer was found in the data",
    });
    return out;
  }
  if (!yesNo && rows === 1 && values.length >= 1 && values.every((v) => v === null)) {
    out.push({
      id: "null-aggregate",
      hard: true,
      reason: `the ${input.answer.operation ?? "result"} is empty: no row met the conditions`,
    });
  }
  const max = maxRowsExpected(shape);
  if (max !== null && rows > max && !yesNo) {
    const what = shape.target.length
      ? shape.target.join(" ")
      : shape.shape === "count" || shape.shape === "number"
        ? "number"
        : "answer";
    const one = max === 1 ? `one ${what}` : `${max} ${what}`;
    // Wh-words alone ("what is the name of…") often head a list in practice: a soft check there.
    const hard = shape.shape !== "one" || shape.superlative;
    out.push({
      id: "too-many-rows",
      hard,
      reason: `the question asks for ${one}; the query returned ${readable(rows)} rows`,
    });
  }
  return out;
}

/** Literals compared with columns whose observed values can never meet them. */
function literalChecks(input: AssessInput): FailedCheck[] {
  const sql = input.answer.sql;
  if (!sql || !input.schema) return [];
  const out: FailedCheck[] = [];
  for (const cmp of sqlComparisons(sql)) {
    const cols = columnsNamed(input.schema, cmp.column);
    if (!cols.length) continue;
    const problems = cols.map((c) => outOfRange(c, cmp));
    if (problems.every((p) => p !== null)) {
      const p = problems[0]!;
      out.push({
        id: p.kind === "range" ? "literal-out-of-range" : "literal-wrong-type",
        hard: true,
        reason: p.reason,
      });
    }
  }
  return out;
}

/** The answer only repeats words of the question ("capital of France" → "france"). */
function echoCheck(input: AssessInput): FailedCheck[] {
  const values = input.answer.values.filter((v) => v !== null);
  if (!values.length || values.some((v) => typeof v !== "string") || input.answer.operation === "yes-no") return [];
  const q = ` ${normalizeText(input.question)} `;
  // "Which is larger, A or B?" legitimately answers with one of its own words.
  if (CHOICE_WORDS.test(q) || input.answer.operation === "comparison") return [];
  const echoed = values.every((v) => {
    const n = normalizeText(String(v));
    return n.length > 0 && q.includes(` ${n} `);
  });
  return echoed
    ? [
        {
          id: "echoes-question",
          hard: true,
          reason: `the answer "${String(values[0])}" only repeats the question's own words`,
        },
      ]
    : [];
}

/** A filter value the cell index matched only loosely to the question's words. */
function similarityChecks(input: AssessInput, facts: TraceFacts): FailedCheck[] {
  if (!input.answer.sql) return [];
  let worst: { value: string; score: number; query: string } | null = null;
  for (const s of sqlStrings(input.answer.sql)) {
    const hit = facts.hits.get(s.toLowerCase());
    if (!hit || hit.match === "exact" || hit.match === "normalized" || hit.match === "compare") continue;
    if (hit.score < LOOSE_MATCH && (!worst || hit.score < worst.score))
      worst = { value: s, score: hit.score, query: hit.query };
  }
  if (!worst) return [];
  return [
    {
      id: "low-similarity-filter",
      hard: false,
      reason: `"${worst.query}" was matched to "${worst.value}" only loosely (similarity ${worst.score.toFixed(2)})`,
    },
  ];
}

/**
 * What the question asks for names nothing the dataset has ("capital" on a cars database). Hard
 * when it asks for an attribute ("what is the X of…") or counts rows with no condition at all;
 * otherwise the word may name the rows themselves ("which ship…"), so the check is soft.
 */
function targetCheck(input: AssessInput, shape: QuestionShape): FailedCheck[] {
  if (!input.schema || !shape.target.length) return [];
  const known = evidenceWordMatcher(input);
  const target = contentWords(shape.target.join(" ")).filter((w) => !MODIFIERS.has(w));
  const glued = target.join("").replace(/(?:es|s)$/, "");
  if (!target.length || target.some(known) || (target.length > 1 && known(glued))) return [];
  const unconditioned = !input.answer.sql || sqlComparisons(input.answer.sql).length === 0;
  const hard =
    ATTRIBUTE_OF.test(input.question.trim()) ||
    ((shape.shape === "count" || shape.shape === "number") && unconditioned) ||
    !input.answer.sql;
  return [{ id: "unknown-target", hard, reason: `no column or table holds "${target.join(" ")}"` }];
}

/** Runs every check; the failed ones, hard first. */
export function runChecks(input: AssessInput, facts: TraceFacts, shape: QuestionShape): FailedCheck[] {
  const failed = [
    ...targetCheck(input, shape),
    ...measureCheck(input),
    ...literalChecks(input),
    ...questionLiteralChecks(input),
    ...shapeChecks(input, facts, shape),
    ...echoCheck(input),
    ...similarityChecks(input, facts),
  ];
  const warned = facts.warnings.find((w) => NO_ANSWER_WARNINGS.has(w));
  if (warned)
    failed.push({
      id: "method-warning",
      hard: true,
      reason:
        warned === "no_columns"
          ? "no column of the dataset matches the question"
          : "the method found nothing to answer from",
    });
  if (facts.answerSql && !facts.answerSql.ok)
    failed.push({ id: "no-sql-answer", hard: true, reason: "the answer's query could not run" });
  return failed.sort((a, b) => Number(b.hard) - Number(a.hard));
}
