import { GROUP_OPERATIONS } from "./operation";
import type { CandidateAction } from "./policy";
import type { QuestionReading } from "./question-reading";

const pct = (p: number) => `${Math.round(100 * p)}%`;

/** The Thought of §3.3 for the local policy's choice: why this action, in the words of the state. */
export function thoughtFor(reading: QuestionReading, c: CandidateAction, bestObserved: number): string {
  const { graph, tree } = reading.index;
  const text = (n: number) => JSON.stringify(graph.nodes[n].value.slice(0, 80));
  const axis = (n: number) => {
    const h = tree.headerOf.get(n);
    return h === undefined ? "cell" : tree.headers[h].axis === "row" ? "row header" : "column header";
  };
  switch (c.action) {
    case "VisitNode": {
      const n = c.nodes[0];
      const l = reading.labels.get(n);
      const words = (l?.matched ?? []).slice(0, 4).join(", ");
      return (
        `The question names ${text(n)}${words ? ` (${words})` : ""}, a ${axis(n)} ` +
        `(${pct(l?.p ?? 0)} by the label model); I go to it.`
      );
    }
    case "GetSharedNeighbours": {
      const [a, b] = c.nodes;
      return (
        `The answer should sit where the row of ${text(a)} meets the column of ${text(b)}: ` +
        "their shared neighbours."
      );
    }
    case "GetAllNeighbours": {
      const op = [...GROUP_OPERATIONS].find((o) => reading.operation === o) ?? reading.operation;
      return `The question asks for the ${op} over the entries under ${text(c.nodes[0])}, so I read its whole line.`;
    }
    default:
      return bestObserved > 0
        ? `The trace holds a cell the named headers point at (${pct(bestObserved)} by the cell model); ` +
            "that is enough to answer."
        : "No cell of the table matches the words of the question, so there is nothing to walk to; I answer that.";
  }
}
