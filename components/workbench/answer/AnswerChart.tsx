"use client";

import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/Button";
import type { ResultChart } from "../model/chart";
import { downloadBlob, fileName, pngBlob, svgFile } from "./chartExport";
import { chartTitle, declutterPointNames, plotChart } from "./plotChart";

const pointsOf = (chart: ResultChart) => (chart.kind === "bar" ? chart.bars.length : chart.points.length);

/**
 * A result's chart (bars, a line or a scatter), drawn by Observable Plot as SVG from the result
 * alone, with buttons that save it as an SVG or a PNG file.
 */
export function AnswerChart({ chart }: { chart: ResultChart }) {
  const host = useRef<HTMLDivElement>(null);
  const [exportError, setExportError] = useState<string | null>(null);
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const svg = plotChart(chart, Math.max(280, el.clientWidth));
    svg.setAttribute("data-testid", "answer-chart-svg");
    el.replaceChildren(svg);
    if (chart.kind === "scatter" && svg instanceof SVGSVGElement) declutterPointNames(svg, chart);
    return () => svg.remove();
  }, [chart]);
  const title = chartTitle(chart);
  const drawn = () => host.current?.querySelector<SVGSVGElement>('svg[data-testid="answer-chart-svg"]') ?? null;
  const save = async (kind: "svg" | "png") => {
    const svg = drawn();
    if (!svg) return;
    setExportError(null);
    try {
      const blob =
        kind === "svg" ? new Blob([svgFile(svg)], { type: "image/svg+xml;charset=utf-8" }) : await pngBlob(svg);
      downloadBlob(blob, fileName(title, kind));
    } catch (err) {
      setExportError(err instanceof Error ? err.message : String(err));
    }
  };
  return (
    <figure
      data-testid="answer-chart"
      data-kind={chart.kind}
      data-bars={chart.kind === "bar" ? chart.bars.length : undefined}
      data-points={pointsOf(chart)}
      className="min-w-0 space-y-1"
    >
      <figcaption className="flex flex-wrap items-center gap-x-2 text-[11px] font-semibold text-zinc-500">
        <span className="min-w-0 break-words">{title}</span>
        <span className="ml-auto flex gap-1">
          <Button size="sm" variant="ghost" data-testid="chart-export-svg" onClick={() => void save("svg")}>
            ⤓ SVG
          </Button>
          <Button size="sm" variant="ghost" data-testid="chart-export-png" onClick={() => void save("png")}>
            ⤓ PNG
          </Button>
        </span>
      </figcaption>
      {exportError ? (
        <p role="alert" className="text-[11px] text-red-700">
          {exportError}
        </p>
      ) : null}
      <div ref={host} className="w-full" />
    </figure>
  );
}
