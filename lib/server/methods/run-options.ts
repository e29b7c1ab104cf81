import "server-only";
import type { DatasetStorage } from "@/db/schema";
import type { DatasetDetail } from "@/lib/core/model/dataset";

/** A dataset as the ask path loaded it (once, before the run starts). */
export type LoadedDataset = DatasetDetail & { storage: DatasetStorage };
