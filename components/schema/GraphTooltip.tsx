import type { SchemaNode } from "@/lib/core/model/index-types";
import type { ColumnInfo, TableInfo } from "@/components/index/types";
import { findColumn } from "@/components/columns/columnsModel";
import { formatNumber, plural } from "@/components/ui/format";
import { EdgeDetails } from "./EdgeDetails";
import type { GraphModel } from "./elements";
import type { Hover } from "./useCytoscape";

function NodeDetails({ node, info }: { node: SchemaNode; info: ColumnInfo | null }) {
  return (
    <>
      <p className="font-semibold text-zinc-900">
        {node.table}.{node.name}
      </p>
      <p className="text-zinc-500">
        {node.type}
        {node.isPrimaryKey ? ` · primary key (${node.primaryKeyOrigin ?? "declared"})` : ""}
      </p>
      {info?.description?.text ? <p className="mt-1 text-zinc-700">{info.description.text}</p> : null}
    </>
  );
}

function TableDetails({ name, model, info }: { name: string; model: GraphModel; info: TableInfo | undefined }) {
  const t = model.tables.get(name);
  return (
    <>
      <p className="font-semibold text-zinc-900">{name}</p>
      <p className="text-zinc-500">
        {t?.rows != null ? `${formatNumber(t.rows)} rows · ` : ""}
        {plural(t?.columns ?? 0, "column")}
      </p>
      {info?.description?.text ? <p className="mt-1 text-zinc-700">{info.description.text}</p> : null}
    </>
  );
}

interface TooltipProps {
  hover: Hover;
  model: GraphModel;
  info: TableInfo[] | null;
  bounds: { width: number; height: number };
}

/** Details of the hovered edge (kind, ω and its parts) or column, next to the pointer. */
export function GraphTooltip({ hover, model, info, bounds }: TooltipProps) {
  const edge = hover.kind === "edge" ? model.edges.get(hover.id) : undefined;
  const node = hover.kind === "node" ? model.nodes.get(hover.id) : undefined;
  const table = hover.kind === "table" ? hover.table : undefined;
  if (!edge && !node && !table) return null;
  const W = 260;
  const left = Math.max(4, Math.min(hover.x + 14, bounds.width - W - 4));
  const top = hover.y + 14 + 150 > bounds.height ? Math.max(4, hover.y - 150) : hover.y + 14;
  return (
    <div
      data-testid="schema-tooltip"
      role="tooltip"
      className={
        "pointer-events-none absolute z-10 rounded-md border border-zinc-200 bg-white/97 px-2.5 py-2 " +
        "text-xs shadow-lg"
      }
      style={{ left, top, width: W }}
    >
      {edge ? <EdgeDetails edge={edge} model={model} /> : null}
      {node ? <NodeDetails node={node} info={findColumn(info, node.table, node.column)} /> : null}
      {table ? <TableDetails name={table} model={model} info={info?.find((t) => t.table === table)} /> : null}
    </div>
  );
}
