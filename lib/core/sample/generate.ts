/** Deterministic generator of the sample dataset: fictional schools in real California counties. */
import { seededRandom } from "../util/seeded-random";

const COUNTIES = [
  { id: 1, name: "Los Angeles", region: "Southern California" },
  { id: 2, name: "Contra Costa", region: "Bay Area" },
  { id: 3, name: "Fresno", region: "Central Valley" },
  { id: 4, name: "San Diego", region: "Southern California" },
  { id: 5, name: "Alameda", region: "Bay Area" },
  { id: 6, name: "Sacramento", region: "Central Valley" },
];

const PLACES = [
  "Riverbend",
  "Oak Hollow",
  "Clearwater",
  "Maple Ridge",
  "Sunset Valley",
  "Cedar Point",
  "Granite Falls",
  "Willow Creek",
  "Harbor View",
  "Pine Bluff",
  "Mesa Verde",
  "Silver Lake",
];
const DISTRICT_KINDS = ["Unified", "Elementary", "Union High"];
const SCHOOL_KINDS = ["High", "Middle", "Elementary", "Academy", "Preparatory"];
const FUNDING = ["Directly funded", "Locally funded", "Not in CS funding model"];
const VIRTUAL = ["Not virtual", "Partially virtual", "Exclusively virtual"];
const PEOPLE = [
  "Lincoln",
  "Roosevelt",
  "Cesar Chavez",
  "Sally Ride",
  "Jefferson",
  "Mariposa",
  "Sequoia",
  "Vista",
  "Redwood",
  "Del Mar",
];

export type SampleData = {
  counties: typeof COUNTIES;
  districts: Array<{ district_id: number; name: string; county_id: number; kind: string }>;
  schools: Array<{
    cds_code: string;
    name: string;
    district_id: number;
    city: string;
    funding: string;
    charter: number;
    virtual: string;
    opened: string;
    phone: string | null;
  }>;
  satScores: Array<{
    cds: string;
    year: string;
    NumTstTakr: number;
    AvgScrRead: number;
    AvgScrMath: number;
    AvgScrWrite: number;
    NumGE1500: number;
  }>;
  enrollment: { years: string[]; bands: string[]; rows: Array<{ district: string; values: number[] }> };
};

/** Builds the sample data; the same seed always gives the same rows. */
export function generateSample(seed = 20261122): SampleData {
  const rand = seededRandom(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];
  const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
  const districts: SampleData["districts"] = [];
  COUNTIES.forEach((county, ci) => {
    for (let k = 0; k < 2; k++) {
      const place = PLACES[(ci * 2 + k) % PLACES.length];
      districts.push({
        district_id: 100 + districts.length,
        name: `${place} ${DISTRICT_KINDS[(ci + k) % 3]}`,
        county_id: county.id,
        kind: DISTRICT_KINDS[(ci + k) % 3],
      });
    }
  });
  const schools: SampleData["schools"] = [];
  for (const d of districts) {
    const count = int(3, 6);
    for (let s = 0; s < count; s++) {
      const kind = s === 0 ? "High" : pick(SCHOOL_KINDS);
      const cds =
        `${String(d.county_id).padStart(2, "0")}${String(d.district_id).padStart(5, "0")}` +
        `${String(int(1000000, 9999999))}`;
      const charter = rand() < 0.25 ? 1 : 0;
      schools.push({
        cds_code: cds,
        name: `${pick(PEOPLE)} ${kind}${kind === "Academy" || kind === "Preparatory" ? "" : " School"}`,
        district_id: d.district_id,
        city: d.name
          .split(" ")
          .slice(0, -1)
          .join(" ")
          .replace(/ Union$/, ""),
        funding: charter ? pick(FUNDING.slice(0, 2)) : FUNDING[2],
        charter,
        virtual: rand() < 0.12 ? VIRTUAL[2] : rand() < 0.2 ? VIRTUAL[1] : VIRTUAL[0],
        opened: `${int(1950, 2019)}-${String(int(1, 12)).padStart(2, "0")}-${String(int(1, 28)).padStart(2, "0")}`,
        phone: rand() < 0.1 ? null : `(${int(200, 999)}) ${int(200, 999)}-${String(int(0, 9999)).padStart(4, "0")}`,
      });
    }
  }
  const satScores: SampleData["satScores"] = [];
  for (const s of schools.filter((x) => / High|Academy|Preparatory/.test(x.name))) {
    for (const year of ["2014-2015", "2015-2016"]) {
      const takers = int(12, 420);
      const read = int(380, 620);
      const math = Math.max(300, Math.min(800, read + int(-60, 60)));
      satScores.push({
        cds: s.cds_code,
        year,
        NumTstTakr: takers,
        AvgScrRead: read,
        AvgScrMath: math,
        AvgScrWrite: Math.max(300, read + int(-40, 30)),
        NumGE1500: Math.round(takers * rand() * 0.6),
      });
    }
  }
  const bands = ["Elementary", "Middle", "High"];
  const enrollment = {
    years: ["2022-23", "2023-24"],
    bands,
    rows: districts.map((d) => ({ district: d.name, values: [0, 1].flatMap(() => bands.map(() => int(300, 4800))) })),
  };
  return { counties: COUNTIES, districts, schools, satScores, enrollment };
}
