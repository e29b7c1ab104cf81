import type { StoredEdge } from "./api";

/** An edge as an import file or the kept graph holds it, reduced to what a person compares. */
export interface EdgeLine {
  source: string;
  target: string;
  kind: string;
  label: string;
  status: string;
}

/** What importing a file would do to the kept edges. */
export interface ImportDiff {
  added: EdgeLine[];
  removed: EdgeLine[];
  changed: Array<{ before: EdgeLine; after: EdgeLine }>;
  unchanged: number;
  /** Entries of the file that are not edges at all (the server will refuse them too). */
  unreadable: number;
}

// Join edges are symmetric: a→b and b→a are the same join.
const keyOf = (e: EdgeLine) =>
  e.kind === "join" ? `join|${[e.source, e.target].sort().join("|")}` : `${e.kind}|${e.source}|${e.target}`;

function lineOf(raw: unknown): EdgeLine | null {
  if (!raw || typeof raw !== "object") return null;
  const r = raw as Record<string, unknown>;
  if (typeof r.source !== "string" || typeof r.target !== "string" || typeof r.kind !== "string") return null;
  return {
    source: r.source,
    target: r.target,
    kind: r.kind,
    label: typeof r.label === "string" ? r.label.trim() : "",
    status: typeof r.status === "string" ? r.status : "curated",
  };
}

/** The edges an import would add, remove (it replaces the kept graph) and change, before it runs. */
export function diffImport(current: readonly StoredEdge[], fileEdges: readonly unknown[]): ImportDiff {
  const before = new Map<string, EdgeLine>();
  for (const e of current) {
    const line = lineOf(e);
    if (line) before.set(keyOf(line), line);
  }
  const after = new Map<string, EdgeLine>();
  let unreadable = 0;
  for (const raw of fileEdges) {
    const line = lineOf(raw);
    if (line) after.set(keyOf(line), line);
    else unreadable++;
  }
  const diff: ImportDiff = { added: [], removed: [], changed: [], unchanged: 0, unreadable };
  for (const [key, line] of after) {
    const old = before.get(key);
    if (!old) diff.added.push(line);
    else if (old.label !== line.label || old.status !== line.status) diff.changed.push({ before: old, after: line });
    else diff.unchanged++;
  }
  for (const [key, line] of before) if (!after.has(key)) diff.removed.push(line);
  return diff;
}
