import type { TableMeta } from "@/lib/core/model/dataset";
import type { TableInfo } from "@/components/index/types";
import { TypeBadge } from "@/components/table/TypeBadge";
import { formatShare } from "./format";

/** The columns of the selected table; clicking one shows its profile. */
export function TableColumnList({
  meta,
  info,
  onSelect,
}: {
  meta: TableMeta | undefined;
  info: TableInfo | null;
  onSelect: (column: string) => void;
}) {
  const cols =
    meta?.columns.map((c) => ({ column: c.sqlName, name: c.name, type: c.type, pk: c.isPrimaryKey })) ??
    info?.columns.map((c) => ({ column: c.column, name: c.name, type: c.type, pk: c.isPrimaryKey })) ??
    [];
  return (
    <div>
      <h4 className="mb-1 text-xs font-semibold text-zinc-500">Columns</h4>
      <ul className="divide-y divide-zinc-100 text-sm">
        {cols.map((c) => {
          const col = info?.columns.find((x) => x.column === c.column);
          return (
            <li key={c.column}>
              <button
                type="button"
                data-testid="column-list-item"
                data-column={c.column}
                onClick={() => onSelect(c.column)}
                className="flex w-full flex-col gap-0.5 rounded px-1.5 py-1.5 text-left hover:bg-zinc-50"
              >
                <span className="flex items-center gap-1.5">
                  <span
                    className={`truncate ${
                      c.pk || col?.isPrimaryKey ? "font-semibold text-amber-900" : "font-medium text-zinc-800"
                    }`}
                  >
                    {c.name}
                  </span>
                  <TypeBadge type={c.type} />
                  {col?.profile ? (
                    <span className="ml-auto shrink-0 text-[11px] tabular-nums text-zinc-400">
                      {formatShare(col.profile.nullShare)} null
                    </span>
                  ) : null}
                </span>
                {col?.description?.text ? (
                  <span className="line-clamp-2 text-xs text-zinc-500">{col.description.text}</span>
                ) : null}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
