// `npm run eval -- readme-samples`: the README's sample questions, asked of the sample dataset the
// app imports on first start (same files, same passages), each with the method the README names.
// Prints the answer, the verdict and whether it is right; exits non-zero when one is wrong or not
// marked answered. Expected values are computed from the generated sample, never typed by hand.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "libsql";
import { createRecorder } from "../../lib/core/trace/index.ts";
import { importOnce, useEvalDataDir } from "./datasets.mts";

type Sample = {
  method: "fgtr" | "sgam" | "graphotter" | "helios";
  question: string;
  expected: (db: Database.Database) => string[];
};

const SAMPLES: Sample[] = [
  ...(["fgtr", "sgam"] as const).map((method) => ({
    method,
    question: "How many schools in Contra Costa county are directly funded?",
    expected: (db: Database.Database) =>
      (
        db
          .prepare(
            "SELECT COUNT(*) FROM schools s JOIN districts d ON d.district_id = s.district_id JOIN counties c " +
              "ON c.county_id = d.county_id WHERE c.name = 'Contra Costa' AND s.funding = 'Directly funded'",
          )
          .raw(true)
          .all() as unknown[][]
      ).map((r) => String(r[0])),
  })),
];

export async function run(_args: string[]): Promise<void> {
  useEvalDataDir(null);
  const dir = mkdtempSync(path.join(os.tmpdir(), "readme-samples-"));
  const { buildSampleFiles } = await import("../../lib/server/sample/build-sample.ts");
  const { generateSample } = await import("../../lib/core/sample/generate.ts");
  const { generateSamplePassages, samplePassagesJsonl } = await import("../../lib/core/sample/passages.ts");
  const files = await buildSampleFiles(dir);
  const id = await importOnce("readme-samples", files, "Riverbend schools (sample)");
  const { allPassages } = await import("../../lib/server/passages/store.ts");
  if (!(await allPassages(id)).length) {
    const { addPassages } = await import("../../lib/server/passages/add-passages.ts");
    const jsonl = samplePassagesJsonl(generateSamplePassages(generateSample()));
    await addPassages(id, [{ name: "riverbend-districts.jsonl", bytes: new TextEncoder().encode(jsonl) }]);
  }
  const { runMethodOnDataset } = await import("../../lib/server/methods/run-method.ts");
  const { withVerdict } = await import("../../lib/server/confidence/assess-run.ts");
  const db = new Database(files.find((f) => f.name.endsWith(".sqlite"))!.path, { readonly: true });
  const passages = generateSamplePassages(generateSample());
  const samples: Sample[] = [
    ...SAMPLES,
    {
      method: "graphotter",
      question: "How many middle school students did Oak Hollow Elementary have in 2023-24?",
      expected: () => {
        const { enrollment } = generateSample();
        const row = enrollment.rows.find((r) => r.district === "Oak Hollow Elementary");
        const at = enrollment.years.indexOf("2023-24") * enrollment.bands.length + enrollment.bands.indexOf("Middle");
        return row ? [String(row.values[at])] : ["?"];
      },
    },
    {
      method: "helios",
      question: "Who is the superintendent of Oak Hollow Elementary?",
      expected: () => {
        const text = passages.find((p) => /Oak Hollow Elementary/.test(p.text))?.text ?? "";
        return [/superintendent is ([^.]+)\./.exec(text)?.[1] ?? "?"];
      },
    },
  ];
  let bad = 0;
  for (const s of samples) {
    const sink = createRecorder();
    const r = await runMethodOnDataset(
      { datasetId: id, method: s.method, question: s.question, reasoner: "local" },
      sink,
    );
    const { answer } = await withVerdict(
      { datasetId: id, question: s.question, method: s.method, reasoner: "local", params: {} },
      r.answer,
      sink.events,
    );
    const expected = s.expected(db);
    const values = answer.values.map(String);
    const right = expected.every((e) => values.includes(e));
    if (!right || answer.verdict !== "answered") bad++;
    console.log(
      `${s.method.padEnd(10)} ${s.question}\n  → ${answer.text.slice(0, 100)} | ${answer.verdict} ${Math.round(
        100 * (answer.confidence ?? 0),
      )}% (${answer.reason ?? ""}) | expected ${expected.join(", ")} | ${right ? "right" : "WRONG"}`,
    );
  }
  db.close();
  rmSync(dir, { recursive: true, force: true });
  if (bad) process.exitCode = 1;
}
