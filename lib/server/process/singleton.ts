import "server-only";

// Next may load a module once per route bundle (and again on each dev reload); state that must
// exist once per process (the database connection, caches, workers) is kept here, on globalThis,
// under one symbol, instead of each module inventing its own global name.
const KEY = Symbol.for("tablesight.processState");
type Holder = typeof globalThis & { [KEY]?: Map<string, unknown> };

function registry(): Map<string, unknown> {
  const g = globalThis as Holder;
  g[KEY] ??= new Map();
  return g[KEY];
}

/** The process-wide value named `name`, created by `create` on first use. */
export function processSingleton<T>(name: string, create: () => T): T {
  const r = registry();
  if (!r.has(name)) r.set(name, create());
  return r.get(name) as T;
}
