import type { ColumnsResponse, IndexInfo } from "@/lib/core/api/index-status";
import type { DatasetDetail } from "@/lib/core/model/dataset";
import type { ReviewedJoin } from "@/lib/core/index/join-review";
import type { CellHit } from "@/lib/core/model/index-types";

/** Shapes of the index API as this UI consumes them: declared once in lib/core/api/ (one file per feature). */
export type { DatasetGraph as SchemaGraphResponse } from "@/lib/core/api/schema-graph";
export type { Description, IndexInfo, IndexStage } from "@/lib/core/api/index-status";

export type DatasetWithIndex = DatasetDetail & { index?: IndexInfo | null };

export type TableInfo = ColumnsResponse["tables"][number];
export type ColumnInfo = TableInfo["columns"][number];

export type JoinRow = ReviewedJoin;
export type { JoinCounts } from "@/lib/core/index/join-review";

export type CellSearchHit = Pick<CellHit, "table" | "column" | "value" | "score" | "rowCount"> &
  Partial<Pick<CellHit, "similarity" | "match">>;
