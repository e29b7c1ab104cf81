"use client";

import { createContext, useContext, useMemo, type ReactNode } from "react";
import type { TableMeta } from "@/lib/core/model/dataset";
import { columnLabel, sqlInUserNames, type NameBook } from "@/lib/core/names/user-names";
import { displaySql } from "@/components/workbench/model/displaySql";

const NamesContext = createContext<NameBook | null>(null);

/** The dataset's names (display names and headers behind the generated identifiers) for everything below. */
export function NamesProvider({ tables, children }: { tables: readonly TableMeta[]; children: ReactNode }) {
  const book = useMemo<NameBook>(
    () => ({
      tables: tables.map((t) => ({
        name: t.name,
        sqlName: t.sqlName,
        schemaName: t.schemaName,
        columns: t.columns.map((c) => ({ sqlName: c.sqlName, name: c.name })),
      })),
    }),
    [tables],
  );
  return <NamesContext.Provider value={book}>{children}</NamesContext.Provider>;
}

/**
 * How SQL is shown: in the file's own names when the dataset is known (`changed` then says the SQL
 * that ran used generated identifiers), else without the app's attach schema, as before.
 */
export function useShownSql(): (sql: string) => { sql: string; changed: boolean } {
  const book = useContext(NamesContext);
  return useMemo(
    () => (sql: string) => (book ? sqlInUserNames(sql, book) : { sql: displaySql(sql), changed: false }),
    [book],
  );
}

/** A column node id ("table.sqlName") as "Table.Header". */
export function useColumnLabel(): (nodeId: string) => string {
  const book = useContext(NamesContext);
  return useMemo(() => (id: string) => (book ? columnLabel(book, id) : id), [book]);
}

/** SQL text in the dataset's own names (see useShownSql). */
export function ShownSql({ sql }: { sql: string }) {
  return <>{useShownSql()(sql).sql}</>;
}
