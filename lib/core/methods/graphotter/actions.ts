import { neighbours, sharedNeighbours, type CellNode } from "../../cell-graph/graph";
import { matchNode, termsOf } from "../../cell-graph/match";
import type { GraphAction } from "../../trace/kinds-graph";
import { nearestCells, type GraphotterContext } from "./context";

/** An action with its arguments: a query for VisitNode, node ids for the neighbour actions. */
export type ActionCall = { action: GraphAction; args: string[] };

/** What an action did: the nodes it returns (visited for VisitNode, observed otherwise) and a note. */
export type Observation = { nodes: CellNode[]; visited: CellNode[]; note: string };

const SEMANTIC_K = 40;
const SAME_VALUE_MAX = 5;

/** A stable key of an action, to notice a repeat (same action, same arguments, any order for pairs). */
export function actionKey(call: ActionCall): string {
  const args =
    call.action === "GetSharedNeighbours" ? [...call.args].sort() : call.args.map((a) => a.trim().toLowerCase());
  return `${call.action}(${args.join("|")})`;
}

/**
 * Executes one action on the cell graph (Table 1). VisitNode(query) goes to the cell named by the
 * query (a node id goes to that node): the keyword matches (through the table's inverted index)
 * that are also among the encoder's nearest cells, else the best keyword match, else the nearest
 * cell if it is close; cells that share its value come along, so the reasoner can tell them apart.
 */
export async function executeAction(ctx: GraphotterContext, call: ActionCall): Promise<Observation> {
  const g = ctx.graph;
  const node = (id: string | undefined) => (id ? g.byId.get(id.trim()) : undefined);
  switch (call.action) {
    case "VisitNode": {
      const query = (call.args[0] ?? "").trim();
      if (!query) return { nodes: [], visited: [], note: "VisitNode needs a query." };
      // A node id goes straight to that node (the local policy names the cell it chose).
      const direct = g.byId.get(query);
      if (direct) return { nodes: [direct], visited: [direct], note: `Found "${direct.value}".` };
      const terms = termsOf(query);
      const reached = new Set<number>();
      for (const t of terms) for (const i of (ctx.index.postings.get(t) ?? []).slice(0, 5000)) reached.add(i);
      const keyword = [...reached]
        .map((i) => ({ n: g.nodes[i], s: matchNode(ctx.text, i, terms).score }))
        .filter((x) => x.s > 0)
        .sort((a, b) => b.s - a.s)
        .slice(0, SEMANTIC_K);
      const near = await nearestCells(ctx, query, SEMANTIC_K);
      const nearIds = new Set(near.map((x) => x.node.id));
      const both = keyword.filter((x) => nearIds.has(x.n.id));
      const top = both[0]?.n ?? keyword[0]?.n ?? (near[0] && near[0].score >= 0.5 ? near[0].node : undefined);
      if (!top) return { nodes: [], visited: [], note: `No cell matches "${query}".` };
      const same = [...(ctx.index.postings.get(termsOf(top.value)[0] ?? "") ?? [])]
        .map((i) => g.nodes[i])
        .filter((n) => n.value === top.value)
        .slice(0, SAME_VALUE_MAX);
      const visited = same.some((n) => n.id === top.id) ? same : [top, ...same.slice(0, SAME_VALUE_MAX - 1)];
      return {
        nodes: visited,
        visited,
        note: visited.length > 1 ? `${visited.length} cells hold "${top.value}".` : `Found "${top.value}".`,
      };
    }
    case "GetAllNeighbours": {
      const n = node(call.args[0]);
      if (!n) return { nodes: [], visited: [], note: `There is no node ${JSON.stringify(call.args[0] ?? "")}.` };
      const all = neighbours(g, n);
      return { nodes: all, visited: [], note: `${n.id} has ${all.length} neighbours.` };
    }
    case "GetSharedNeighbours": {
      const a = node(call.args[0]);
      const b = node(call.args[1]);
      if (!a || !b)
        return {
          nodes: [],
          visited: [],
          note: `GetSharedNeighbours needs two existing nodes; got ${JSON.stringify(call.args)}.`,
        };
      const shared = sharedNeighbours(g, a, b);
      return { nodes: shared, visited: [], note: `${a.id} and ${b.id} share ${shared.length} neighbours.` };
    }
    default:
      return { nodes: [], visited: [], note: "" };
  }
}
