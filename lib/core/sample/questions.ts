/**
 * The sample dataset's own question set: 20 questions about its SQLite tables with gold answers and
 * gold queries. Each answer is what its gold query returns on the generated sample
 * (questions.test.ts runs every query on it and compares), so a batch over them scores honestly.
 */
export type SampleQuestion = { id: string; tags: string[]; question: string; answer: unknown[]; gold_sql: string };

export const SAMPLE_QUESTION_SET_NAME = "Riverbend checks (sample)";

export const SAMPLE_QUESTIONS: SampleQuestion[] = [
  {
    id: "s01",
    tags: ["count"],
    question: "How many schools in Contra Costa county are directly funded?",
    answer: [2],
    gold_sql: [
      "SELECT count(*) FROM schools AS s",
      "JOIN districts AS d ON s.district_id = d.district_id",
      "JOIN counties AS c ON d.county_id = c.county_id",
      "WHERE c.name = 'Contra Costa' AND s.funding = 'Directly funded'",
    ].join(" "),
  },
  {
    id: "s02",
    tags: ["count"],
    question: "How many counties are there?",
    answer: [6],
    gold_sql: "SELECT count(*) FROM counties",
  },
  {
    id: "s03",
    tags: ["count"],
    question: "How many districts are in Fresno county?",
    answer: [2],
    gold_sql:
      "SELECT count(*) FROM districts AS d JOIN counties AS c ON d.county_id = c.county_id WHERE c.name = 'Fresno'",
  },
  {
    id: "s04",
    tags: ["count"],
    question: "How many schools are charter schools?",
    answer: [20],
    gold_sql: "SELECT count(*) FROM schools WHERE charter = 1",
  },
  {
    id: "s05",
    tags: ["count"],
    question: "How many schools are exclusively virtual?",
    answer: [6],
    gold_sql: "SELECT count(*) FROM schools WHERE virtual = 'Exclusively virtual'",
  },
  {
    id: "s06",
    tags: ["lookup"],
    question: "Which region is Alameda county in?",
    answer: ["Bay Area"],
    gold_sql: "SELECT region FROM counties WHERE name = 'Alameda'",
  },
  {
    id: "s07",
    tags: ["lookup"],
    question: "In which cities is there a school named Redwood High School?",
    answer: ["Riverbend", "Sunset Valley"],
    gold_sql: "SELECT city FROM schools WHERE name = 'Redwood High School'",
  },
  {
    id: "s08",
    tags: ["lookup"],
    question: "What kind of district is Oak Hollow Elementary?",
    answer: ["Elementary"],
    gold_sql: "SELECT kind FROM districts WHERE name = 'Oak Hollow Elementary'",
  },
  {
    id: "s09",
    tags: ["list"],
    question: "Which counties are in the Bay Area region?",
    answer: ["Contra Costa", "Alameda"],
    gold_sql: "SELECT name FROM counties WHERE region = 'Bay Area'",
  },
  {
    id: "s10",
    tags: ["list"],
    question: "Which districts are in San Diego county?",
    answer: ["Granite Falls Unified", "Willow Creek Elementary"],
    gold_sql:
      "SELECT d.name FROM districts AS d JOIN counties AS c ON d.county_id = c.county_id WHERE c.name = 'San Diego'",
  },
  {
    id: "s11",
    tags: ["superlative"],
    question: "Which school opened first?",
    answer: ["Cesar Chavez High School"],
    gold_sql: "SELECT name FROM schools ORDER BY opened ASC LIMIT 1",
  },
  {
    id: "s12",
    tags: ["superlative"],
    question: "Which county has the most schools?",
    answer: ["Los Angeles"],
    gold_sql: [
      "SELECT c.name FROM schools AS s",
      "JOIN districts AS d ON s.district_id = d.district_id",
      "JOIN counties AS c ON d.county_id = c.county_id",
      "GROUP BY c.name",
      "ORDER BY count(*) DESC LIMIT 1",
    ].join(" "),
  },
  {
    id: "s13",
    tags: ["aggregate"],
    question: "What is the highest average math score?",
    answer: [670],
    gold_sql: "SELECT max(AvgScrMath) FROM satscores",
  },
  {
    id: "s14",
    tags: ["aggregate"],
    question: "What is the lowest average reading score?",
    answer: [382],
    gold_sql: "SELECT min(AvgScrRead) FROM satscores",
  },
  {
    id: "s15",
    tags: ["aggregate"],
    question: "How many test takers were there in total in 2014-2015?",
    answer: [7028],
    gold_sql: "SELECT sum(NumTstTakr) FROM satscores WHERE year = '2014-2015'",
  },
  {
    id: "s16",
    tags: ["count"],
    question: "How many districts are unified districts?",
    answer: [4],
    gold_sql: "SELECT count(*) FROM districts WHERE kind = 'Unified'",
  },
  {
    id: "s17",
    tags: ["count"],
    question: "How many schools are in Riverbend Unified?",
    answer: [6],
    gold_sql: [
      "SELECT count(*) FROM schools AS s",
      "JOIN districts AS d ON s.district_id = d.district_id",
      "WHERE d.name = 'Riverbend Unified'",
    ].join(" "),
  },
  {
    id: "s18",
    tags: ["lookup"],
    question: "Which county is Cedar Point Unified in?",
    answer: ["Fresno"],
    gold_sql: [
      "SELECT c.name FROM districts AS d",
      "JOIN counties AS c ON d.county_id = c.county_id",
      "WHERE d.name = 'Cedar Point Unified'",
    ].join(" "),
  },
  {
    id: "s19",
    tags: ["count"],
    question: "How many schools are locally funded?",
    answer: [12],
    gold_sql: "SELECT count(*) FROM schools WHERE funding = 'Locally funded'",
  },
  {
    id: "s20",
    tags: ["superlative"],
    question: "Which school had the most test takers in 2015-2016?",
    answer: ["Redwood High School"],
    gold_sql: [
      "SELECT s.name FROM satscores AS t",
      "JOIN schools AS s ON t.cds = s.cds_code",
      "WHERE t.year = '2015-2016'",
      "ORDER BY t.NumTstTakr DESC LIMIT 1",
    ].join(" "),
  },
];

/** The set as a JSONL file, as a user would upload it. */
export function sampleQuestionsJsonl(): string {
  return `${SAMPLE_QUESTIONS.map((q) => JSON.stringify(q)).join("\n")}\n`;
}
