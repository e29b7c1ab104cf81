import type { SampleData } from "./generate";

/** One passage of the sample: what a district's page in a handbook would say about it. */
export type SamplePassage = { title: string; text: string };

const FIRST = [
  "Maria",
  "James",
  "Aiko",
  "Daniel",
  "Priya",
  "Robert",
  "Lucia",
  "Samuel",
  "Grace",
  "Tomás",
  "Helen",
  "Omar",
];
const LAST = [
  "Alvarez",
  "Okafor",
  "Nguyen",
  "Brennan",
  "Castillo",
  "Whitfield",
  "Tanaka",
  "Morales",
  "Lindqvist",
  "Haddad",
  "Ferreira",
  "Oduya",
];
const MASCOTS = [
  "Herons",
  "Otters",
  "Falcons",
  "Coyotes",
  "Owls",
  "Foxes",
  "Condors",
  "Bobcats",
  "Sea Lions",
  "Elk",
  "Ravens",
  "Badgers",
];
const PROGRAMS = [
  "a dual-language immersion program",
  "a marine science academy",
  "an early-college partnership",
  "a robotics league",
  "a farm-to-school kitchen",
  "a music conservatory track",
];

/**
 * Passages that state what the tables do not: each district's superintendent, founding year,
 * mascot and signature program. Titles are district names, so entity linking ties every passage
 * to its districts row — the sample's table–text questions for HELIOS.
 */
export function generateSamplePassages(data: SampleData): SamplePassage[] {
  return data.districts.map((d, i) => {
    const county = data.counties.find((c) => c.id === d.county_id)?.name ?? "its county";
    const schools = data.schools.filter((s) => s.district_id === d.district_id).length;
    const superintendent = `${FIRST[i % FIRST.length]} ${LAST[(i * 5) % LAST.length]}`;
    const founded = 1905 + ((i * 37) % 90);
    return {
      title: d.name,
      text:
        `${d.name} is a public school district in ${county} County, California. ` +
        `It was founded in ${founded} and runs ${schools} schools. ` +
        `Its superintendent is ${superintendent}. ` +
        `The district's teams are called the ${MASCOTS[i % MASCOTS.length]}, ` +
        `and it is known for ${PROGRAMS[i % PROGRAMS.length]}.`,
    };
  });
}

/** The passages as JSONL, the format the Passages tab accepts. */
export function samplePassagesJsonl(passages: SamplePassage[]): string {
  return passages.map((p) => JSON.stringify(p)).join("\n") + "\n";
}
