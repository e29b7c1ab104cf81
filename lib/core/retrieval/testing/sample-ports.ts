/**
 * Test support (not used by shipped code): FGTR ports over the sample schools dataset
 * (lib/core/sample/generate.ts) held in any SQLite engine the test passes in, with the offline
 * index built by the core index algorithms exactly as the server does.
 */
import type { LlmPort } from "../../reasoner/llm-port";
import { generateSample } from "../../sample/generate";
import type { Reasoner } from "../../trace/atoms";
import type { RetrievalPorts } from "../ports";
import { specPorts, type Row, type Spec, type SqlEngine } from "./spec-ports";

export type { SqlEngine };
function specs(): Spec[] {
  const d = generateSample();
  return [
    {
      name: "counties",
      columns: [
        ["county_id", "integer", true],
        ["name", "text"],
        ["region", "text"],
      ],
      rows: d.counties.map((c) => ({ county_id: c.id, name: c.name, region: c.region })),
    },
    {
      name: "districts",
      columns: [
        ["district_id", "integer", true],
        ["name", "text"],
        ["county_id", "integer"],
        ["kind", "text"],
      ],
      rows: d.districts,
      fks: [{ columns: ["county_id"], refTable: "counties", refColumns: ["county_id"] }],
    },
    {
      name: "schools",
      columns: [
        ["cds_code", "text", true],
        ["name", "text"],
        ["district_id", "integer"],
        ["city", "text"],
        ["funding", "text"],
        ["charter", "integer"],
        ["virtual", "text"],
        ["opened", "date"],
        ["phone", "text"],
      ],
      rows: d.schools,
      fks: [{ columns: ["district_id"], refTable: "districts", refColumns: ["district_id"] }],
    },
    {
      name: "satscores",
      columns: [
        ["cds", "text"],
        ["year", "text"],
        ["NumTstTakr", "integer"],
        ["AvgScrRead", "integer"],
        ["AvgScrMath", "integer"],
        ["AvgScrWrite", "integer"],
        ["NumGE1500", "integer"],
      ],
      rows: d.satScores,
      fks: [{ columns: ["cds"], refTable: "schools", refColumns: ["cds_code"] }],
    },
  ];
}

/** Creates the sample tables in `engine` and returns FGTR ports over them. */
export async function samplePorts(
  engine: SqlEngine,
  options: { reasoner?: Reasoner; llm?: LlmPort | null; extraRows?: Partial<Record<string, Row[]>> } = {},
): Promise<RetrievalPorts> {
  const tables = specs().map((s) => ({ ...s, rows: [...s.rows, ...(options.extraRows?.[s.name] ?? [])] }));
  return specPorts(engine, tables, options);
}
