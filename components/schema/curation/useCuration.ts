"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { messageOf } from "@/components/api/client";
import { queryKeys } from "@/components/api/queryKeys";
import { addEdge, deleteEdge, updateEdge, type EdgeFields, type StoredEdge } from "./api";

/** One change the user made, with what undoing it needs. */
export type Change =
  | { kind: "create"; edge: StoredEdge }
  | { kind: "delete"; edge: StoredEdge }
  | { kind: "update"; before: StoredEdge; after: StoredEdge };

const fields = (e: StoredEdge): EdgeFields => ({
  source: e.source,
  target: e.target,
  kind: e.kind,
  label: e.label,
  weight: e.weight,
  status: e.status,
});

/**
 * Curation actions with undo and redo for this session. Every action is a call to the API, so
 * the server's history records undos too; re-creating a deleted edge gives it a new id, which an
 * alias map follows so older steps still find it. Each action is one mutation; after it (kept or
 * refused) the schema graph, the kept edges and the history are invalidated.
 */
export function useCuration(datasetId: string) {
  const client = useQueryClient();
  const [undo, setUndo] = useState<Change[]>([]);
  const [redo, setRedo] = useState<Change[]>([]);
  const mutation = useMutation({
    mutationFn: (fn: () => Promise<unknown>) => fn(),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.schemaGraphAll(datasetId) }),
        client.invalidateQueries({ queryKey: queryKeys.curation(datasetId) }),
      ]),
  });
  const busy = mutation.isPending;
  const error = mutation.error ? messageOf(mutation.error) : null;
  const alias = useRef(new Map<string, string>());
  const idOf = (id: string) => {
    let cur = id;
    while (alias.current.has(cur)) cur = alias.current.get(cur)!;
    return cur;
  };

  const run = async <T>(fn: () => Promise<T>): Promise<T | null> => {
    try {
      return (await mutation.mutateAsync(fn)) as T;
    } catch {
      return null; // the refusal shows in `error`
    }
  };

  /** Applies a change forwards (do/redo) or backwards (undo); returns the change as it now stands. */
  const apply = async (c: Change, backwards: boolean): Promise<Change> => {
    const create = (c.kind === "create") !== backwards;
    const via = backwards ? "undo" : "redo";
    if (c.kind === "update") {
      const target = backwards ? c.before : c.after;
      const saved = await updateEdge(datasetId, idOf(c.after.id), fields(target), via);
      return backwards
        ? { kind: "update", before: saved, after: { ...c.after, id: saved.id } }
        : { kind: "update", before: { ...c.before, id: saved.id }, after: saved };
    }
    if (create) {
      const { replaced: _r, ...saved } = await addEdge(datasetId, fields(c.edge), via);
      if (saved.id !== c.edge.id) alias.current.set(c.edge.id, saved.id);
      return { ...c, edge: saved };
    }
    await deleteEdge(datasetId, idOf(c.edge.id), via);
    return c;
  };

  const record = (c: Change) => {
    setUndo((u) => [...u, c]);
    setRedo([]);
  };

  return {
    busy,
    error,
    canUndo: undo.length > 0 && !busy,
    canRedo: redo.length > 0 && !busy,
    /** Adds an edge; true when the server kept it (a refusal shows in `error`). */
    add: async (e: EdgeFields): Promise<boolean> =>
      (await run(async () => {
        // Keeping a join rejected earlier turns the rejection into it: undo brings the rejection back.
        const { replaced, ...saved } = await addEdge(datasetId, e);
        record(replaced ? { kind: "update", before: replaced, after: saved } : { kind: "create", edge: saved });
        return true;
      })) === true,
    update: (before: StoredEdge, patch: Partial<EdgeFields>) =>
      run(async () => record({ kind: "update", before, after: await updateEdge(datasetId, idOf(before.id), patch) })),
    remove: (edge: StoredEdge) =>
      run(async () => {
        await deleteEdge(datasetId, idOf(edge.id));
        record({ kind: "delete", edge });
      }),
    undo: () =>
      run(async () => {
        const c = undo[undo.length - 1];
        if (!c) return;
        const now = await apply(c, true);
        setUndo((u) => u.slice(0, -1));
        setRedo((r) => [...r, now]);
      }),
    redo: () =>
      run(async () => {
        const c = redo[redo.length - 1];
        if (!c) return;
        const now = await apply(c, false);
        setRedo((r) => r.slice(0, -1));
        setUndo((u) => [...u, now]);
      }),
    clearError: () => mutation.reset(),
  };
}
