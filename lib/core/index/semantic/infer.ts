import type { ColumnRole, SemanticModel, SemanticTable, TableKind } from "../../model/semantic-model";
import { KEY_WORDS } from "../../reasoner/lang/en/matching";
import { columnRole } from "./column-role";
import { inferTimeDimension } from "./dates";
import { inferFlag } from "./flags";
import type { ColumnView, SemanticInput, SemanticInputTable } from "./input";
import { bridgeOf, identifiersOf, referencesOf } from "./keys";
import { inferLabel } from "./label";
import { inferMeasure } from "./measures";
import { columnView, entityNames, entityPhrase } from "./names";
import { isNumericText } from "./numeric-text";
import { baseTablesOf, viewReads } from "./views";

/** The revision of the inference rules; raise it when they change, so stored models are inferred again. */
export const SEMANTIC_INFERENCE_REVISION = 7;

/**
 * Infers a dataset's semantic model (lib/core/model/semantic-model.ts) from its tables, profiles,
 * schema graph and view SQL: per table the entity, kind, label, keys, references and bridges,
 * measures with units, dates with their grain, flags, a view's base tables, and every column's role.
 * Linear in the columns; parses each view's SQL once.
 */
export function inferSemanticModel(input: SemanticInput): SemanticModel {
  // A view's columns hold copies of its base tables' values, so value-overlap joins to them are not
  // references: keys and references are read from the graph without the views' edges.
  const viewNames = new Set(input.tables.filter((t) => t.isView).map((t) => t.name));
  const tableOf = new Map(input.graph.nodes.map((n) => [n.id, n.table]));
  const graph = viewNames.size
    ? {
        ...input.graph,
        edges: input.graph.edges.filter(
          (e) =>
            e.kind === "key" ||
            (!viewNames.has(tableOf.get(e.source) ?? "") && !viewNames.has(tableOf.get(e.target) ?? "")),
        ),
      }
    : input.graph;
  const keys = identifiersOf(graph);
  const references = referencesOf(graph);
  const views = new Map<string, { reads: string[]; confidence: number; evidence: string }>();
  for (const t of input.tables)
    if (t.isView)
      views.set(
        t.name,
        viewReads(t, input.tables) ?? { reads: [], confidence: 0.3, evidence: "its tables were not found" },
      );
  const reads = new Map([...views].map(([v, r]) => [v, r.reads]));
  const isView = (name: string) => views.has(name);
  const incoming = new Set([...references.values()].flat().map((r) => r.to.table));
  const tables = input.tables.map((t) =>
    inferTable(t, {
      identifiers: keys.get(t.name) ?? [],
      references: references.get(t.name) ?? [],
      view: views.has(t.name) ? { ...views.get(t.name)!, baseTables: baseTablesOf(t.name, reads, isView) } : null,
      referencedByOthers: incoming.has(t.name),
    }),
  );
  return { version: 1, inference: SEMANTIC_INFERENCE_REVISION, tables };
}

type TableContext = {
  identifiers: string[];
  references: SemanticTable["references"];
  view: { reads: string[]; baseTables: string[]; confidence: number; evidence: string } | null;
  referencedByOthers: boolean;
};

function keyLike(c: ColumnView): boolean {
  const last = c.words[c.words.length - 1] ?? "";
  return c.isPrimaryKey || KEY_WORDS.has(last) || /(?:^|_)id$|id$/i.test(c.name);
}

function inferTable(t: SemanticInputTable, ctx: TableContext): SemanticTable {
  const columns = t.columns.map((c) => columnView(t.name, c));
  const names = entityNames(t.name, t.expandedName);
  const roles: Record<string, ColumnRole> = {};
  for (const c of columns) {
    const isKey = ctx.identifiers.includes(c.column);
    roles[c.column] = columnRole(
      {
        ...c,
        isPrimaryKey: isKey || c.isPrimaryKey,
        keyLike: keyLike(c),
        numericText: isNumericText(c.type, c.examples),
        profile: c.profile,
      },
      ctx.references.some((r) => r.column === c.column),
    );
  }
  const isKeyRole = (c: ColumnView) => ["identifier", "reference", "code"].includes(roles[c.column]);
  const flags = columns.filter((c) => !isKeyRole(c)).flatMap((c) => inferFlag(c) ?? []);
  const flagged = new Set(flags.map((f) => f.column));
  const dates = columns
    // A date may also be a key or a key's part ("year" of a prize, one row per day): a date all the same.
    .filter((c) => !flagged.has(c.column))
    .flatMap((c) => inferTimeDimension(c, roles[c.column] === "date") ?? []);
  const dated = new Set(dates.map((d) => d.column));
  const measures = columns
    .filter((c) => roles[c.column] === "measure" && !flagged.has(c.column) && !dated.has(c.column))
    .map((c) =>
      inferMeasure(
        c,
        t.columns.map((x) => x.name),
      ),
    );
  const label = inferLabel(
    columns.filter((c) => !flagged.has(c.column) && !dated.has(c.column) && roles[c.column] !== "reference"),
    entityPhrase(t.name, t.expandedName),
  );
  // A 0/1 flag read as a measure stays one: its sum counts the rows where it holds.
  // A part of a composite key that points at another table names that table's row.
  if (ctx.identifiers.length > 1) for (const r of ctx.references) roles[r.column] = "reference";
  for (const f of flags) if (roles[f.column] !== "measure") roles[f.column] = "category";
  for (const d of dates) if (!isKeyRole(columns.find((c) => c.column === d.column)!)) roles[d.column] = "date";
  for (const col of label?.columns ?? []) roles[col] = "label";
  const others = columns.filter(
    (c) => !ctx.identifiers.includes(c.column) && !ctx.references.some((r) => r.column === c.column),
  );
  const declaredKey = t.columns.some((c) => c.isPrimaryKey);
  const bridge = t.isView ? null : bridgeOf(t, ctx.identifiers, ctx.references, others.length, declaredKey);
  const kind = kindOf(t, { bridge: !!bridge, label: !!label, dates: dates.length > 0, ...ctx });
  return {
    table: t.name,
    kind: {
      value: kind.value,
      origin: "inferred",
      confidence: bridge?.confidence ?? kind.confidence,
      evidence: bridge?.evidence ?? kind.evidence,
    },
    entity: {
      singular: names.singular,
      plural: names.plural,
      origin: "inferred",
      confidence: names.confidence,
      evidence: names.evidence,
    },
    label,
    identifiers: ctx.identifiers,
    references: ctx.references,
    bridges: bridge?.tables ?? [],
    measures,
    dates,
    flags,
    view: ctx.view
      ? {
          baseTables: ctx.view.baseTables,
          reads: ctx.view.reads,
          origin: "inferred",
          confidence: ctx.view.confidence,
          evidence: ctx.view.evidence,
        }
      : null,
    roles,
  };
}

/** The kind of a table: a view, a bridge, a list of happenings, a small code list, or a thing. */
function kindOf(
  t: SemanticInputTable,
  f: { bridge: boolean; label: boolean; dates: boolean; references: readonly unknown[]; referencedByOthers: boolean },
): { value: TableKind; confidence: number; evidence: string } {
  if (t.isView) return { value: "view", confidence: 1, evidence: "stored as a view" };
  if (f.bridge) return { value: "bridge", confidence: 0.9, evidence: "pairs rows of two tables" };
  if (f.dates && f.references.length > 0 && !f.label)
    return { value: "event", confidence: 0.6, evidence: "dated rows that reference other tables, no name" };
  if (f.referencedByOthers && (t.columns.length <= 2 || (t.columns.length <= 3 && t.rowCount <= 50)))
    return {
      value: "lookup",
      confidence: 0.6,
      evidence: `a short list (${t.rowCount} rows, ${t.columns.length} columns) other tables point at`,
    };
  return { value: "entity", confidence: 0.7, evidence: f.label ? "rows with a name" : "rows of their own" };
}
