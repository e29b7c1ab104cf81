import "server-only";
import type { LlmPort } from "@/lib/core/reasoner/llm-port";
import type { DatasetStorage } from "@/db/schema";
import type { DatasetDetail } from "@/lib/core/model/dataset";
import type { RunConstraints } from "@/lib/core/retrieval/constraints/types";
import type { RetrievalPortOptions } from "@/lib/server/methods/retrieval-ports";

/** A dataset as the ask path loaded it (once, before the run starts). */
export type LoadedDataset = DatasetDetail & { storage: DatasetStorage };

/** What every method's server adapter accepts besides the question, reasoner and parameters. */
export type RunOnDatasetOptions = {
  signal?: AbortSignal;
  /** The model for reasoner "llm"; defaults to the one configured by environment variables. */
  llm?: LlmPort | null;
  sqlTimeoutMs?: number;
  /** The dataset, when the caller already loaded it (the ask route does, to answer 404 early). */
  dataset?: LoadedDataset;
  /** A re-run's pins and exclusions; FGTR and SGAM honour them (the re-run route refuses others). */
  constraints?: RunConstraints;
  /** Which learned answers the reasoner reads (lib/server/methods/retrieval-ports.ts); default all. */
  learned?: RetrievalPortOptions["learned"];
};
