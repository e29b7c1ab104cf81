import type { Core, ElementDefinition } from "cytoscape";
import { endpoints, type GraphModel } from "./elements";

/** How long a new edge stays highlighted after an edit (the only thing that moves). */
const FRESH_EDGE_MS = 1600;

// Classes a model sets on an edge; the rest (hidden, hover, on-path, faded…) belong to the view.
const MODEL_EDGE_CLASSES = ["key", "foreign_key", "discovered", "join", "context", "derivation", "inferred", "side"];

const idOf = (def: ElementDefinition) => String(def.data.id);

/**
 * Brings a drawn graph to a new model without laying it out again: nodes stay where they are (the
 * user's view does not jump after an edit), edges that went are removed, new ones are added and
 * marked `fresh` for a moment. Returns false when the columns themselves changed (another table,
 * a re-import): then the caller draws the graph anew.
 */
export function applyModelInPlace(cy: Core, model: GraphModel): boolean {
  const nodeDefs = model.elements.filter((e) => e.group === "nodes");
  const drawnNodes = cy.nodes().filter((n) => !n.hasClass("draw-ghost"));
  if (drawnNodes.length !== nodeDefs.length || nodeDefs.some((d) => cy.getElementById(idOf(d)).empty())) return false;
  const edgeDefs = model.elements.filter((e) => e.group === "edges");
  const wanted = new Set(edgeDefs.map(idOf));
  const added: string[] = [];
  cy.batch(() => {
    cy.edges()
      .filter((e) => !e.hasClass("draw-ghost") && !wanted.has(e.id()))
      .remove();
    for (const def of edgeDefs) {
      const current = cy.getElementById(idOf(def));
      const source = cy.getElementById(String(def.data.source));
      const target = cy.getElementById(String(def.data.target));
      // Where the ends are drawn now, not where a fresh layout would put them.
      const ends = endpoints(source.position(), target.position());
      const data = { ...def.data, ...ends };
      const classes = String(def.classes ?? "")
        .split(" ")
        .filter((c) => c && c !== "side");
      if (ends.side) classes.push("side");
      if (current.nonempty()) {
        if (current.data("source") !== def.data.source || current.data("target") !== def.data.target) {
          current.remove();
        } else {
          current.data(data);
          current.removeClass(MODEL_EDGE_CLASSES.join(" "));
          current.addClass(classes.join(" "));
          continue;
        }
      }
      cy.add({ group: "edges", data, classes: [...classes, "fresh"].join(" ") });
      added.push(idOf(def));
    }
  });
  if (added.length)
    setTimeout(() => {
      if (!cy.destroyed()) cy.edges(".fresh").removeClass("fresh");
    }, FRESH_EDGE_MS);
  return true;
}
