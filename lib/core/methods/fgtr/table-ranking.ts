import { parseColumnKey } from "../../model/column-ref";
import { tableScores } from "../../reasoner/schema/linking/linker";
import { runStep } from "../../reasoner/run-step";
import type { RetrievalPorts } from "../../retrieval/ports";
import { questionParsingStep } from "../../reasoner/question/step";
import { findValueHints } from "../../reasoner/question/value-hints";
import type { EventSink } from "../../trace/sink";
import type { TableRanking } from "../module";
import { parseFgtrParams } from "./params";
import { voteSchema } from "./voting";

/**
 * Tables scored by FGTR's schema retrieval (question parsing + K-round schema votes, default
 * parameters), for methods that read one table. With the trained schema linker a table scores its
 * columns' probabilities (its best header match, plus a share of the next two); with the rule
 * scorers, the vote frequency of its columns and its value hits. The votes show in the trace.
 */
export async function rankTablesBySchemaVotes(
  question: string,
  ports: RetrievalPorts,
  sink: EventSink,
): Promise<TableRanking> {
  const hints = await findValueHints(question, ports);
  const parsed = (
    await runStep(
      questionParsingStep,
      { question, hints },
      { reasoner: ports.reasoner, llm: ports.llm, signal: ports.signal, sink },
    )
  ).output;
  // Table choice keeps the trained linker (FGTR's answers default to the rule scorers): it reads a
  // sheet's header years and bands, which the rules' vote frequency does not weigh.
  const selection = await voteSchema(question, parsed, hints, parseFgtrParams({ linker: "learned" }), ports, sink);
  const score = selection.links ? tableScores(selection.links) : ruleScores(selection.frequency, hints);
  return [...score].map(([table, s]) => ({ table, score: s }));
}

function ruleScores(frequency: Map<string, number>, hints: Array<{ table: string }>): Map<string, number> {
  const score = new Map<string, number>();
  for (const [key, f] of frequency) {
    const { table } = parseColumnKey(key);
    score.set(table, (score.get(table) ?? 0) + f);
  }
  for (const h of hints) score.set(h.table, (score.get(h.table) ?? 0) + 0.5);
  return score;
}
