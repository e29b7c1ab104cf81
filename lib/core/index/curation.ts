import { z } from "zod";
import { parseColumnKey } from "../model/column-ref";
import type { GlossaryEntry } from "../retrieval/glossary";

/** Kinds a person may draw by hand (SGAM §3.2): context (eq. 4), derivation (eq. 6), join/key (eq. 5). */
export const curatedKindSchema = z.enum(["context", "derivation", "join"]);

/** "curated": drawn by hand; "accepted"/"rejected": a discovered join candidate confirmed or hidden. */
const curatedStatusSchema = z.enum(["curated", "accepted", "rejected"]);

/** One edge as the API and the export file carry it; endpoints are node ids ("table.column"). */
export const curatedEdgeSchema = z.object({
  source: z.string().min(1).max(600),
  target: z.string().min(1).max(600),
  kind: curatedKindSchema,
  label: z.string().trim().max(200, "The label is longer than 200 characters").optional(),
  weight: z.number().min(0).max(10).optional(),
  status: curatedStatusSchema.optional(),
});
export type CuratedEdge = z.infer<typeof curatedEdgeSchema>;

/** The export file: a version, the dataset it came from (informative) and the edges. */
export const graphExportSchema = z.object({
  format: z.literal("tablesight.schema-graph"),
  version: z.literal(1),
  dataset: z.string().optional(),
  edges: z.array(z.unknown()).max(20_000, "An import holds at most 20,000 edges"),
  /** The dataset's glossary (lib/core/retrieval/glossary.ts); absent in files written before it existed. */
  glossary: z.array(z.unknown()).max(5_000, "An import holds at most 5,000 glossary entries").optional(),
});
export type GraphExport = {
  format: "tablesight.schema-graph";
  version: 1;
  dataset?: string;
  edges: CuratedEdge[];
  glossary?: GlossaryEntry[];
};

/** An edge already kept, for duplicate checks. */
export type KeptEdge = { id?: string; source: string; target: string; kind: string; status?: string };

/**
 * Why an edge cannot be kept, or null when it can: unknown columns, a self-loop, a context edge
 * across tables (eq. 4 keeps them inside one table), or a duplicate of a kept edge (join edges are
 * symmetric, so the reversed pair counts too). A join inside one table is a self-join
 * (`Employee.ReportsTo → Employee.EmployeeId`) and is kept. A rejection does not block keeping the
 * same join (the caller turns the rejection into the kept edge).
 */
export function edgeProblem(
  edge: CuratedEdge,
  columns: ReadonlySet<string>,
  kept: readonly KeptEdge[],
  selfId?: string,
): string | null {
  for (const end of [edge.source, edge.target])
    if (!columns.has(end)) return `There is no column "${end}" in this dataset (use "table.column" node ids).`;
  if (edge.source === edge.target) return `An edge cannot link column "${edge.source}" to itself.`;
  const a = parseColumnKey(edge.source).table;
  const b = parseColumnKey(edge.target).table;
  if (edge.kind === "context" && a !== b)
    return (
      `A context edge links two columns of one table; "${edge.source}" and "${edge.target}" are in ` +
      `different tables (use derivation or join).`
    );
  const same = (e: KeptEdge) =>
    (selfId === undefined || e.id !== selfId) &&
    (e.status === "rejected") === (edge.status === "rejected") &&
    e.kind === edge.kind &&
    ((e.source === edge.source && e.target === edge.target) ||
      (edge.kind === "join" && e.source === edge.target && e.target === edge.source));
  if (kept.some(same)) return `There already is a ${edge.kind} edge between "${edge.source}" and "${edge.target}".`;
  return null;
}

/** A rejection of the same pair that keeping `edge` overrides (the user changed their mind), if any. */
export function rejectionOf(edge: CuratedEdge, kept: readonly KeptEdge[]): KeptEdge | undefined {
  if (edge.status === "rejected") return undefined;
  return kept.find(
    (e) =>
      e.status === "rejected" &&
      ((e.source === edge.source && e.target === edge.target) ||
        (e.source === edge.target && e.target === edge.source)),
  );
}

export type ImportReport = {
  accepted: CuratedEdge[];
  refused: Array<{ index: number; edge: unknown; reason: string }>;
};

/**
 * Checks every edge of an import file against the dataset's columns and against the edges
 * accepted before it in the same file; returns the ones to keep and what it refused, with why.
 */
export function checkImport(edges: readonly unknown[], columns: ReadonlySet<string>): ImportReport {
  const accepted: CuratedEdge[] = [];
  const refused: ImportReport["refused"] = [];
  edges.forEach((raw, index) => {
    const parsed = curatedEdgeSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      refused.push({ index, edge: raw, reason: `${issue?.path.join(".") || "edge"}: ${issue?.message ?? "invalid"}` });
      return;
    }
    const problem = edgeProblem(parsed.data, columns, accepted);
    if (problem) refused.push({ index, edge: raw, reason: problem });
    else accepted.push(parsed.data);
  });
  return { accepted, refused };
}
