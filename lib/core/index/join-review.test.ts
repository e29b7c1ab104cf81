import { describe, expect, it } from "vitest";
import type { JoinCandidate, SchemaEdge } from "../model/index-types";
import { describeJoinCounts, edgeCategory, reviewJoins } from "./join-review";

const cand = (from: string, to: string, probability: number, passes: boolean, rule = "omega"): JoinCandidate => {
  const [ft, fc] = from.split(".");
  const [tt, tc] = to.split(".");
  return {
    from: { table: ft, column: fc },
    to: { table: tt, column: tc },
    omega: probability,
    semantic: 0.5,
    jaccard: 0.5,
    containment: 1,
    jaccardEstimated: false,
    rule: rule as JoinCandidate["rule"],
    uniquenessFrom: 0.2,
    uniquenessTo: 1,
    probability,
    passes,
  };
};
const edge = (source: string, target: string, kind: SchemaEdge["kind"], origin: SchemaEdge["origin"]): SchemaEdge => ({
  id: `${kind}:${source}->${target}`,
  source,
  target,
  kind,
  label: `${source} = ${target}`,
  weight: 1,
  origin,
});

describe("one story for joins", () => {
  const joins = [
    cand("Invoice.CustomerId", "Customer.CustomerId", 0.95, true),
    // Above the threshold, but its column already references a more likely target.
    cand("Invoice.CustomerId", "Employee.EmployeeId", 0.8, false),
    cand("Track.GenreId", "Genre.GenreId", 0.36, true),
    cand("Track.Bytes", "Album.AlbumId", 0.1, false),
    cand("Track.AlbumId", "Album.AlbumId", 0.7, false),
    cand("Album.ArtistId", "Artist.ArtistId", 1, true, "declared"),
  ];
  const graph = {
    edges: [
      edge("Invoice.CustomerId", "Customer.CustomerId", "discovered", "discovered"),
      edge("Track.GenreId", "Genre.GenreId", "discovered", "discovered"),
      edge("Album.ArtistId", "Artist.ArtistId", "foreign_key", "declared"),
    ],
  };

  it("gives every candidate a status and a reason, and counts them once", () => {
    const rejected = new Set(["Album.AlbumId|Track.AlbumId"]);
    const { joins: reviewed, counts } = reviewJoins(joins, graph, rejected, 0.25);
    const status = Object.fromEntries(reviewed.map((j) => [`${j.source}>${j.target}`, j.status]));
    expect(status).toEqual({
      "Invoice.CustomerId>Customer.CustomerId": "likely",
      "Invoice.CustomerId>Employee.EmployeeId": "suggestion",
      "Track.GenreId>Genre.GenreId": "likely",
      "Track.Bytes>Album.AlbumId": "suggestion",
      "Track.AlbumId>Album.AlbumId": "rejected",
      "Album.ArtistId>Artist.ArtistId": "declared",
    });
    expect(counts).toEqual({ threshold: 0.25, declared: 1, likely: 2, suggestions: 2, kept: 0, rejected: 1 });
    // Counts agree with the drawn edges: each likely join is a discovered edge of the graph.
    expect(graph.edges.filter((e) => edgeCategory(e) === "likely")).toHaveLength(counts.likely);
    // An 80% suggestion beside a 36% drawn join says why.
    const runnerUp = reviewed.find((j) => j.target === "Employee.EmployeeId")!;
    expect(runnerUp.reason).toContain("Customer.CustomerId is more likely (95%)");
    expect(reviewed.find((j) => j.source === "Track.Bytes")!.reason).toContain("below the 25% threshold");
  });

  it("sorts declared keys first, then by probability, as every list says", () => {
    const { joins: reviewed } = reviewJoins(joins, graph, new Set(), 0.25);
    expect(reviewed.map((j) => j.probability)).toEqual([1, 0.95, 0.8, 0.7, 0.36, 0.1]);
  });

  it("calls a join kept by hand kept, and same-named keys apart from it", () => {
    const kept = { edges: [...graph.edges, edge("Track.AlbumId", "Album.AlbumId", "join", "curated")] };
    const { counts } = reviewJoins(joins, kept, new Set(), 0.25);
    expect(counts.kept).toBe(1);
    expect(edgeCategory(edge("a.id", "b.id", "join", "inferred"))).toBe("same_key");
    expect(edgeCategory(edge("a.x", "b.y", "join", "curated"))).toBe("kept");
    expect(describeJoinCounts(counts)).toBe(
      "1 declared key · 1 join kept by hand · 2 likely joins drawn · 2 suggestions to review",
    );
  });
});
