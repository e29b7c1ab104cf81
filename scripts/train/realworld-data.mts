// Training examples for the program ranker from the realworld suite's TUNE half (never its report
// half): each question run through FGTR's own pipeline, every candidate program executed and
// labelled by whether its rows give the gold answer (the suite's answer match). Out-of-scope
// questions have no right program and are left out. Cached per code version, like Spider's.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { answerMatches } from "../../lib/core/eval/answer-match.ts";
import { denotationOf } from "../../lib/core/reasoner/rank/rank.ts";
import type { ExternalItem } from "../eval/suites/external-source.mts";
import { codeHash, type LabelledQuestion } from "./program-data.mts";

/** The tune half's labelled questions, grouped as databases ("realworld:<dataset>"). */
export async function labelRealworldTune(log: (m: string) => void): Promise<LabelledQuestion[]> {
  const { builtQuestionsFile, ensureRealworldBuilt, realworldCache } = await import("../eval/realworld/build.mts");
  const { readExternalItems, datasetFor } = await import("../eval/suites/external.mts");
  const root = realworldCache();
  await ensureRealworldBuilt(root);
  const items = readExternalItems(builtQuestionsFile(root, "tune")).filter((i) => !i.out_of_scope && i.answer);
  const cacheDir = path.join(process.env.DATA_DIR!, "program-ranker-cache", codeHash());
  const key = createHash("sha256")
    .update(items.map((i) => `${i.id}:${i.question}`).join("\n"))
    .digest("hex")
    .slice(0, 8);
  const cacheFile = path.join(cacheDir, `realworld-tune-${key}.json`);
  if (existsSync(cacheFile)) return JSON.parse(readFileSync(cacheFile, "utf8")) as LabelledQuestion[];
  const { buildRetrievalPorts } = await import("../../lib/server/methods/retrieval-ports.ts");
  const { runFgtr } = await import("../../lib/core/methods/fgtr/run-fgtr.ts");
  const { nullSink } = await import("../../lib/core/trace/index.ts");
  const out: LabelledQuestion[] = [];
  for (const item of items)
    out.push(await labelOne(item, path.join(root, "data"), datasetFor, buildRetrievalPorts, runFgtr, nullSink, log));
  mkdirSync(cacheDir, { recursive: true });
  const kept = out.filter((q) => q.candidates.length);
  writeFileSync(cacheFile, JSON.stringify(kept));
  return kept;
}

async function labelOne(
  item: ExternalItem,
  dir: string,
  datasetFor: (item: ExternalItem, dir: string) => Promise<{ id: string; name: string }>,
  buildRetrievalPorts: typeof import("../../lib/server/methods/retrieval-ports.ts").buildRetrievalPorts,
  runFgtr: typeof import("../../lib/core/methods/fgtr/run-fgtr.ts").runFgtr,
  nullSink: typeof import("../../lib/core/trace/index.ts").nullSink,
  log: (m: string) => void,
): Promise<LabelledQuestion> {
  const src = await datasetFor(item, dir);
  const q: LabelledQuestion = {
    id: String(item.id),
    db: `realworld:${src.name}`,
    question: item.question,
    candidates: [],
  };
  const ports = await buildRetrievalPorts(src.id, {
    reasoner: "local",
    sqlTimeoutMs: 4000,
    ranker: null,
    learned: false,
  });
  ports.programs = {
    ranker: null,
    collect: async (_question, candidates) => {
      for (const c of candidates) {
        let run: { rows: unknown[][]; columns: string[] } | null = null;
        try {
          const r = await ports.runSql(c.sql, { maxRows: 2000 });
          run = { rows: r.rows, columns: r.columns };
        } catch {
          run = null;
        }
        const positive = !!run && answerMatches(item.answer ?? [], { values: run.rows.flat(), rows: run.rows });
        q.candidates.push({ shape: c.shape, reading: c.reading, denotation: denotationOf(run as never), positive });
      }
    },
  };
  try {
    await runFgtr(item.question, { ranker: "rules", maxAnswerRows: 2000 }, ports, nullSink());
  } catch (err) {
    log(`realworld ${item.id} failed: ${(err as Error).message}`);
  }
  return q;
}
