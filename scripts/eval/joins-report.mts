// Printing and Markdown for the joins eval.
import { pct, precision, recall, type Counts, type Scores } from "./joins-metrics.mts";

type Report = {
  split: string; databases: number; seconds: number; unparsedQueries: number;
  goldPairs: { sql: number; declared: number; union: number };
  discovered: { vsSql: Scores; vsDeclared: Scores; vsUnion: Scores };
  pipelineVsSql: Scores;
  perDatabase?: Array<{ db: string; goldSql: string[]; declared: string[]; discovered: string[] }>;
};

const cell = (c: Counts) => `${pct(precision(c))} / ${pct(recall(c))}`;

function row(label: string, s: Scores): string {
  return `| ${label} | ${s.all.gold} | ${s.all.predicted} | ${cell(s.all)} | ${Object.values(s.atK).map(cell).join(" | ")} | ${cell(s.atGold)} |`;
}

export function markdown(r: Report): string {
  const lines = [
    `# Join discovery on spider (${r.split} split)`,
    "",
    `${r.databases} databases, ${r.seconds.toFixed(1)} s. Gold pairs: ${r.goldPairs.sql} from gold-SQL join conditions, ${r.goldPairs.declared} declared foreign keys, ${r.goldPairs.union} in their union. ${r.unparsedQueries} gold queries could not be parsed.`,
    "",
    "Discovered = FGTR eq. 3 (ω ≥ threshold, plus the inclusion rule) computed without the declared keys, ranked by ω. Pairs are unordered column pairs; @k cuts each database's list at k; precision and recall are micro-averaged over databases.",
    "",
    `| list vs gold | gold pairs | listed | all P / R | ${Object.keys(r.discovered.vsSql.atK).map((k) => `@${k} P / R`).join(" | ")} | @\\|gold\\| P / R |`,
    `|---|---|---|---|${Object.keys(r.discovered.vsSql.atK).map(() => "---").join("|")}|---|`,
    row("discovered vs gold-SQL joins", r.discovered.vsSql),
    row("discovered vs declared keys", r.discovered.vsDeclared),
    row("discovered vs SQL ∪ declared", r.discovered.vsUnion),
    row("pipeline (declared + discovered) vs gold-SQL joins", r.pipelineVsSql),
  ];
  if (r.perDatabase) {
    lines.push("", "## Per database (tune only)", "");
    for (const d of r.perDatabase) {
      const gold = new Set([...d.goldSql, ...d.declared]);
      const missed = [...gold].filter((g) => !d.discovered.includes(g));
      const extra = d.discovered.filter((x) => !gold.has(x));
      lines.push(`- **${d.db}**: ${d.discovered.length} discovered, gold ${gold.size}; missed: ${missed.join(", ") || "—"}; not in gold: ${extra.join(", ") || "—"}`);
    }
  }
  return lines.join("\n") + "\n";
}

export function printReport(r: Report): void {
  console.log(markdown({ ...r, perDatabase: r.split === "tune" ? r.perDatabase : undefined }));
}
