// Benchmarks: `npm run bench -- <name>`. Each prints numbers; none of them is a test.
const benches: Record<string, () => Promise<void>> = {
  ingest: async () => (await import("./ingest.mts")).run(),
  index: async () => (await import("./indexing.mts")).run(),
  ask: async () => (await import("./ask.mts")).run(),
  compare: async () => (await import("./compare.mts")).run(),
  load: async () => (await import("./load.mts")).run(),
  "csv-fidelity": async () => (await import("./csv-fidelity.mts")).run(),
  "header-fidelity": async () => (await import("./header-fidelity.mts")).run(),
  batch: async () => (await import("./batch-resume.mts")).run(),
};

const name = process.argv[2] ?? "ingest";
const bench = benches[name];
if (!bench) {
  console.error(`Unknown benchmark "${name}". Available: ${Object.keys(benches).join(", ")}`);
  process.exit(2);
}
await bench();
