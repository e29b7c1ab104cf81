// Child process of the ingest benchmark: imports one file with the upload's import path.
import { statSync } from "node:fs";
import path from "node:path";
import { importDataset } from "../../lib/server/ingest/import-dataset.ts";
import { closeAppDb } from "../../lib/server/db/app-db.ts";

const file = process.argv[2];
const detail = await importDataset([{ originalName: path.basename(file), path: file, size: statSync(file).size }]);
await closeAppDb();
console.log(JSON.stringify({ rowCount: detail.rowCount, types: detail.tables[0].columns.map((c) => c.type) }));
