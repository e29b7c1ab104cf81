/**
 * Test support: a generated lending-library database none of the inference's rules were written
 * for — members with first and last names, text dates ("Jan 5 2019") and a Y/N flag, books with a
 * price in dollars and a year, a book ↔ author bridge, loans with a duration in minutes and a
 * finished / not finished status, month-end figures, and two views over loans and members.
 */
import type { Row, Spec, ViewSpec } from "../../../retrieval/testing/spec-ports";

const FIRST = ["Ada", "Bram", "Cleo", "Dirk", "Edda", "Fenna", "Gus", "Hilde", "Ivo", "Joke", "Kees", "Lotte"];
const LAST = ["Aalders", "Brink", "Claes", "Dekker", "Eijk", "Faber", "Groot", "Hols", "Ibes", "Jansma"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const WORDS = ["River", "Glass", "North", "Silent", "Paper", "Winter", "Copper", "Lantern", "Orchard", "Harbour"];

/** A small deterministic generator, so every run builds the same database. */
function rng(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

const two = (n: number) => String(n).padStart(2, "0");

/** The tables and views of the library (members, books, authors, book_authors, loans, monthly_totals; two views). */
export function libraryDatabase(): { tables: Spec[]; views: ViewSpec[] } {
  const r = rng(7);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)];
  const members: Row[] = Array.from({ length: 40 }, (_, i) => ({
    member_id: i + 1,
    first_name: FIRST[i % FIRST.length],
    last_name: LAST[(i * 7) % LAST.length],
    joined_on: `${pick(MONTHS)} ${1 + Math.floor(r() * 28)} ${2015 + Math.floor(r() * 8)}`,
    is_active: r() < 0.7 ? "Y" : "N",
  }));
  const authors: Row[] = Array.from({ length: 12 }, (_, i) => ({
    author_id: i + 1,
    name: `${FIRST[i]} ${LAST[i % 10]}`,
  }));
  const books: Row[] = Array.from({ length: 30 }, (_, i) => ({
    book_id: i + 1,
    title: `The ${WORDS[i % 10]} ${WORDS[(i * 3 + 1) % 10]} ${i + 1}`,
    pages: 120 + Math.floor(r() * 500),
    price_usd: Math.round((8 + r() * 30) * 100) / 100,
    published_year: 1950 + Math.floor(r() * 70),
    // An audiobook's length: no unit in the name, minutes by its size.
    audio_length: 90 + Math.floor(r() * 400),
  }));
  const bookAuthors: Row[] = books.flatMap((b, i) =>
    [1 + (i % 12), 1 + ((i * 5 + 3) % 12)]
      .filter((a, j, all) => all.indexOf(a) === j)
      .map((a) => ({ book_id: b.book_id, author_id: a })),
  );
  const loans: Row[] = Array.from({ length: 120 }, (_, i) => ({
    loan_id: i + 1,
    member_id: 1 + Math.floor(r() * 40),
    book_id: 1 + Math.floor(r() * 30),
    loaned_at: `2023-${two(1 + (i % 12))}-${two(1 + (i % 28))} ${two(9 + (i % 8))}:${two(i % 60)}:17`,
    reading_min: 30 + Math.floor(r() * 300),
    status: r() < 0.6 ? "finished" : "not finished",
  }));
  const ends = ["2023-01-31", "2023-02-28", "2023-03-31", "2023-04-30", "2023-05-31", "2023-06-30"];
  const monthly: Row[] = ends.map((d, i) => ({ month_end: d, visits_thousands: 3 + i }));
  const tables: Spec[] = [
    {
      name: "members",
      columns: [
        ["member_id", "integer", true],
        ["first_name", "text"],
        ["last_name", "text"],
        ["joined_on", "text"],
        ["is_active", "text"],
      ],
      rows: members,
    },
    {
      name: "authors",
      columns: [
        ["author_id", "integer", true],
        ["name", "text"],
      ],
      rows: authors,
    },
    {
      name: "books",
      columns: [
        ["book_id", "integer", true],
        ["title", "text"],
        ["pages", "integer"],
        ["price_usd", "real"],
        ["published_year", "integer"],
        ["audio_length", "integer"],
      ],
      rows: books,
    },
    {
      name: "book_authors",
      columns: [
        ["book_id", "integer", true],
        ["author_id", "integer", true],
      ],
      rows: bookAuthors,
      fks: [
        { columns: ["book_id"], refTable: "books", refColumns: ["book_id"] },
        { columns: ["author_id"], refTable: "authors", refColumns: ["author_id"] },
      ],
    },
    {
      name: "loans",
      columns: [
        ["loan_id", "integer", true],
        ["member_id", "integer"],
        ["book_id", "integer"],
        ["loaned_at", "text"],
        ["reading_min", "integer"],
        ["status", "text"],
      ],
      rows: loans,
      fks: [
        { columns: ["member_id"], refTable: "members", refColumns: ["member_id"] },
        { columns: ["book_id"], refTable: "books", refColumns: ["book_id"] },
      ],
    },
    {
      name: "monthly_totals",
      columns: [
        ["month_end", "text"],
        ["visits_thousands", "integer"],
      ],
      rows: monthly,
    },
  ];
  const views: ViewSpec[] = [
    {
      name: "member_loans",
      select:
        "SELECT m.member_id, m.first_name, m.last_name, count(l.loan_id) AS loan_count " +
        "FROM members m LEFT JOIN loans l ON l.member_id = m.member_id GROUP BY m.member_id",
      columns: [
        ["member_id", "integer"],
        ["first_name", "text"],
        ["last_name", "text"],
        ["loan_count", "integer"],
      ],
    },
    {
      name: "open_loans",
      select: "SELECT loan_id, member_id, book_id, loaned_at FROM loans WHERE status = 'not finished'",
      columns: [
        ["loan_id", "integer"],
        ["member_id", "integer"],
        ["book_id", "integer"],
        ["loaned_at", "text"],
      ],
    },
  ];
  return { tables, views };
}
