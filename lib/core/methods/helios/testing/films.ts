import type { Passage, Segment } from "../types";

/**
 * A small table-and-text fixture: films with their directors, where the directors' birthplaces
 * and the films' studios are stated only in linked passages (as in OTT-QA).
 */
const FILM_HEADER = ["Year", "Title", "Director", "Gross"];
const FILM_COLUMNS = ["year", "title", "director", "gross"];

const rows: Array<[number, string, string, number]> = [
  [1994, "Red Harbour", "Anna Kowalska", 12],
  [1996, "The Quiet Field", "Tomas Berg", 40],
  [1999, "Night Train to Oslo", "Anna Kowalska", 25],
  [2001, "Glass Rivers", "Mei Lin", 8],
];

export const filmSegments: Segment[] = rows.map((r, i) => ({
  id: `s:films:${i + 1}`,
  table: "films",
  rowId: i + 1,
  header: FILM_HEADER,
  columns: FILM_COLUMNS,
  values: r,
}));

export const filmPassages: Passage[] = [
  {
    id: "p:1",
    title: "Anna Kowalska",
    text:
      "Anna Kowalska is a Polish film director. She was born in Gdansk in 1961. " +
      "She studied at the Lodz Film School.",
  },
  {
    id: "p:2",
    title: "Tomas Berg",
    text:
      "Tomas Berg is a Swedish director and screenwriter. Berg was born in Malmo and began his career in " +
      "television.",
  },
  {
    id: "p:3",
    title: "Mei Lin (director)",
    text: "Mei Lin is a Taiwanese director known for quiet dramas. She was born in Tainan.",
  },
  {
    id: "p:4",
    title: "The Quiet Field",
    text: "The Quiet Field is a 1996 drama film. It was produced by Northlight Studios and shot in Norway.",
  },
  { id: "p:5", title: "Gdansk", text: "Gdansk is a port city on the Baltic coast of Poland." },
];
