// Printing and Markdown for the joins eval.
import { f1, pct, precision, recall, type Counts, type Scores } from "./joins-metrics.mts";

type Report = {
  split: string;
  databases: number;
  seconds: number;
  unparsedQueries: number;
  goldPairs: { sql: number; declared: number; union: number };
  discovered: { vsSql: Scores; vsDeclared: Scores; vsUnion: Scores };
  learned: { vsSql: Scores; vsDeclared: Scores; vsUnion: Scores };
  pipelineVsSql: Scores;
  perDatabase?: Array<{ db: string; goldSql: string[]; declared: string[]; discovered: string[]; learned: string[] }>;
};

const cell = (c: Counts) => `${pct(precision(c))} / ${pct(recall(c))}`;

function row(label: string, s: Scores): string {
  return (
    `| ${label} | ${s.all.gold} | ${s.all.predicted} | ${cell(s.all)} | ${pct(f1(s.all))} | ` +
    `${Object.values(s.atK).map(cell).join(" | ")} | ${cell(s.atGold)} |`
  );
}

export function markdown(r: Report): string {
  const lines = [
    `# Join discovery on spider (${r.split} split)`,
    "",
    `${r.databases} databases, ${r.seconds.toFixed(1)} s. Gold pairs: ${r.goldPairs.sql} from gold-SQL join ` +
      `conditions, ${r.goldPairs.declared} declared foreign keys, ${r.goldPairs.union} in their ` +
      `union. ${r.unparsedQueries} gold queries could not be parsed.`,
    "",
    "Candidates = FGTR eq. 3 (ω ≥ the generation threshold, plus the inclusion rule) " +
      "computed without the declared keys, ranked by ω. Learned = the candidates the learned join scorer passes " +
      "(models/join-scorer.json), ranked by probability. Pairs are unordered column pairs; " +
      "@k cuts each database's list at k; precision and recall are micro-averaged over databases.",
    "",
    `| list vs gold | gold pairs | listed | all P / R | all F1 | ${Object.keys(r.discovered.vsSql.atK)
      .map((k) => `@${k} P / R`)
      .join(" | ")} | @\\|gold\\| P / R |`,
    `|---|---|---|---|---|${Object.keys(r.discovered.vsSql.atK)
      .map(() => "---")
      .join("|")}|---|`,
    row("learned vs declared keys", r.learned.vsDeclared),
    row("learned vs gold-SQL joins", r.learned.vsSql),
    row("learned vs SQL ∪ declared", r.learned.vsUnion),
    row("candidates vs declared keys", r.discovered.vsDeclared),
    row("candidates vs gold-SQL joins", r.discovered.vsSql),
    row("candidates vs SQL ∪ declared", r.discovered.vsUnion),
    row("pipeline (declared + passing) vs gold-SQL joins", r.pipelineVsSql),
  ];
  if (r.perDatabase) {
    lines.push("", "## Per database (tune only)", "");
    for (const d of r.perDatabase) {
      const gold = new Set([...d.goldSql, ...d.declared]);
      const missed = [...gold].filter((g) => !d.learned.includes(g));
      const extra = d.learned.filter((x) => !gold.has(x));
      lines.push(
        `- **${d.db}**: ${d.discovered.length} candidates, ${d.learned.length} passed, gold ${gold.size}; ` +
          `missed: ${missed.join(", ") || "—"}; passed, not in gold: ${extra.join(", ") || "—"}`,
      );
    }
  }
  return lines.join("\n") + "\n";
}

export function printReport(r: Report): void {
  console.log(markdown({ ...r, perDatabase: r.split === "tune" ? r.perDatabase : undefined }));
}
