import "server-only";
import {
  declaredJoins,
  discoverJoins,
  DEFAULT_EXACT_LIMIT,
  columnKey,
  type DeclaredJoin,
  type JoinColumn,
  type JoinDiscoveryOptions,
} from "@/lib/core/index";
import type { JoinCandidate } from "@/lib/core/model/index-types";
import { MAX_JOIN_CANDIDATES } from "@/lib/core/model/limits";
import { loadEnglishLexicon } from "@/lib/core/text";
import { writeJoins } from "./index-store";
import { scoredJoins } from "./join-scoring";
import { budgetSpent, fmt, type IndexRunContext } from "./run-context";

const STAGE = "joins";

/** The columns join discovery compares: every profiled column with its sketch and (edited) description. */
function joinColumns(ctx: IndexRunContext): JoinColumn[] {
  const out: JoinColumn[] = [];
  for (const table of ctx.dataset.tables) {
    for (const r of ctx.columns.get(table.name) ?? []) {
      out.push({
        table: table.name,
        column: r.column.sqlName,
        name: r.column.name,
        type: r.column.type,
        description: ctx.descriptions.get(columnKey(table.name, r.column.sqlName)),
        uniqueness: r.profile.uniqueness,
        sketch: r.sketch,
      });
    }
  }
  return out;
}

/**
 * Candidate generation: FGTR eq. 3 over every pair of columns with a wide net (ω ≥ CANDIDATE_OMEGA
 * or a value inclusion), so the learned scorer, not ω alone, decides which joins hold. The joins
 * eval and the scorer's trainer call this with no declared keys.
 */
export async function discoverCandidates(
  ctx: IndexRunContext,
  declared: readonly Pick<DeclaredJoin, "from" | "to">[],
  generation: JoinDiscoveryOptions = CANDIDATE_GENERATION,
  keepGoing?: () => Promise<boolean>,
  onCut?: (found: number) => void,
): Promise<JoinCandidate[]> {
  return discoverJoins(joinColumns(ctx), {
    declared,
    isWord: await loadEnglishLexicon(),
    ...generation,
    keepGoing,
    onCut,
  });
}

/** How wide candidate generation casts its net (measured on Spider train: see the join-scorer trainer). */
const CANDIDATE_GENERATION = { threshold: 0.6 } as const;

/** Stage 3: candidate joins (FGTR eq. 3 plus the declared keys), scored by the learned join scorer. */
export async function joinsStage(ctx: IndexRunContext): Promise<void> {
  const columns = joinColumns(ctx);
  ctx.progress.start(STAGE, 1);
  if (ctx.dataset.tables.length < 2) {
    ctx.progress.note(STAGE, "One table: nothing to join.");
    ctx.progress.end(STAGE, "skipped");
    return;
  }
  let stopped = false;
  const keepGoing = async () => {
    await ctx.pause();
    stopped = budgetSpent(ctx);
    return !stopped;
  };
  const candidates = await discoverCandidates(
    ctx,
    declaredJoins(ctx.dataset.tables),
    CANDIDATE_GENERATION,
    keepGoing,
    (found) =>
      ctx.progress.note(
        STAGE,
        `${fmt(found)} candidate joins passed; the strongest ${fmt(MAX_JOIN_CANDIDATES)} are kept ` +
          `(MAX_JOIN_CANDIDATES), so the index and the schema graph stay bounded.`,
      ),
  );
  if (stopped)
    ctx.progress.note(
      STAGE,
      `The search for joins stopped when the stage's time budget (${fmt(ctx.caps.stageMs / 1000)} s, ` +
        `INDEX_STAGE_MS) ran out; the pairs compared so far are kept.`,
    );
  await writeJoins(ctx.datasetId, ctx.generation, candidates);
  ctx.joins = scoredJoins(candidates, ctx.dataset.tables, ctx.profiles);
  const by = (rule: string) => ctx.joins.filter((j) => j.rule === rule).length;
  const passing = ctx.joins.filter((j) => j.rule !== "declared" && j.passes).length;
  const pairs = (columns.length * (columns.length - 1)) / 2;
  ctx.progress.note(
    STAGE,
    `${fmt(ctx.joins.length)} candidates from ${fmt(pairs)} column ` +
      `pairs: ${by("declared")} declared, ${by("omega")} with ω ` +
      `≥ ${CANDIDATE_GENERATION.threshold}, ${by("inclusion")} by value inclusion. ` +
      `The learned scorer passes ${passing} discovered; the rest are listed as suggestions to review.`,
  );
  const estimated = ctx.joins.filter((j) => j.jaccardEstimated).length;
  if (estimated)
    ctx.progress.note(
      STAGE,
      `${estimated} candidates compare columns with more than ${fmt(DEFAULT_EXACT_LIMIT)} distinct values, ` +
        `so their Jaccard is a MinHash estimate.`,
    );
  ctx.progress.end(STAGE);
}
