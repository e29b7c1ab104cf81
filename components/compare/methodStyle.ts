/**
 * One marker per method, told apart by shape as well as colour (Okabe–Ito palette, safe for the
 * common colour-vision deficiencies), so a heatmap cell can show several methods at once.
 */
export const METHOD_STYLES = [
  { color: "#0072B2", shape: "●", name: "blue circle" },
  { color: "#D55E00", shape: "▲", name: "vermilion triangle" },
  { color: "#009E73", shape: "■", name: "green square" },
  { color: "#CC79A7", shape: "◆", name: "purple diamond" },
] as const;

export const methodLabel = (method: string) =>
  ({ fgtr: "FGTR", sgam: "SGAM", graphotter: "GraphOTTER", helios: "HELIOS" })[method] ?? method;
