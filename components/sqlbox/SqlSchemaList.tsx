"use client";

import { TypeBadge } from "@/components/table/TypeBadge";
import { sqlNameInStatement } from "@/lib/core/ingest/identifiers";
import type { TableMeta } from "@/lib/core/model/dataset";

/** The SQL name a statement writes, and the name as written when it differs (shown as the tooltip). */
function nameTitle(name: string, sqlName: string): string {
  return name === sqlName ? `Insert ${sqlName}` : `“${name}” is ${sqlName} in SQL; click to insert it`;
}

/**
 * Beside the SQL box: the dataset's tables and their columns, names as written with each column's
 * type; clicking a name inserts its SQL name (quoted where SQL needs it) at the cursor.
 */
export function SqlSchemaList({
  tables,
  onInsert,
}: {
  tables: readonly TableMeta[];
  onInsert: (text: string) => void;
}) {
  return (
    <nav
      aria-label="Tables and columns"
      data-testid="sql-schema-list"
      className={
        "max-h-72 overflow-y-auto rounded-md border border-zinc-200 bg-white p-2 text-xs " +
        "lg:absolute lg:inset-0 lg:max-h-none"
      }
    >
      <h2 className="sticky -top-2 z-10 -mx-2 -mt-2 mb-1 bg-white px-3 pt-2 pb-1 font-semibold text-zinc-500">
        Tables — click a name to insert it
      </h2>
      <ul className="space-y-1.5">
        {tables.map((t) => (
          <li key={`${t.schemaName}.${t.sqlName}`} data-testid="sql-schema-table" data-table={t.sqlName}>
            <details open={tables.length <= 8}>
              <summary className="cursor-pointer rounded px-1 py-0.5 hover:bg-zinc-50">
                <button
                  type="button"
                  data-testid="sql-schema-insert-table"
                  title={nameTitle(t.name, t.sqlName)}
                  onClick={(e) => {
                    e.preventDefault();
                    onInsert(sqlNameInStatement(t.sqlName));
                  }}
                  className="font-medium break-all text-indigo-700 hover:underline"
                >
                  {t.name}
                </button>
                {t.isView ? <span className="ml-1 text-[10px] text-zinc-500">view</span> : null}
              </summary>
              <ul className="mt-0.5 ml-3 space-y-0.5 border-l border-zinc-100 pl-2">
                {t.columns.map((c) => (
                  <li key={c.sqlName} className="flex items-center gap-1.5">
                    <button
                      type="button"
                      data-testid="sql-schema-insert-column"
                      data-column={c.sqlName}
                      title={nameTitle(c.name, c.sqlName)}
                      onClick={() => onInsert(sqlNameInStatement(c.sqlName))}
                      className="min-w-0 text-left break-all text-zinc-800 hover:text-indigo-700 hover:underline"
                    >
                      {c.name}
                    </button>
                    <TypeBadge type={c.type} />
                  </li>
                ))}
              </ul>
            </details>
          </li>
        ))}
      </ul>
    </nav>
  );
}
