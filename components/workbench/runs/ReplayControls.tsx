"use client";

import { useEffect, useState } from "react";
import { Button } from "@/components/ui/Button";
import type { TraceEvent } from "@/lib/core/trace";

/** Step through a stored run's events: first / back / forward / play, and a slider over all of them. */
export function ReplayControls({
  events,
  step,
  onStep,
}: {
  events: readonly TraceEvent[];
  step: number;
  onStep: (step: number) => void;
}) {
  const total = events.length;
  const [playing, setPlaying] = useState(false);
  useEffect(() => {
    if (!playing) return;
    if (step >= total) return setPlaying(false);
    const timer = setTimeout(() => onStep(step + 1), 350);
    return () => clearTimeout(timer);
  }, [playing, step, total, onStep]);
  const current = step > 0 ? events[step - 1] : null;

  return (
    <div
      className="flex flex-wrap items-center gap-2 rounded-lg border border-zinc-200 bg-white px-3 py-2 shadow-sm"
      data-testid="replay"
      role="group"
      aria-label="Replay"
    >
      <Button
        size="sm"
        variant="ghost"
        data-testid="replay-first"
        onClick={() => {
          setPlaying(false);
          onStep(0);
        }}
        disabled={step === 0}
        aria-label="Back to the start"
      >
        <Icon d="M4 3v10M13 3 6 8l7 5V3Z" />
      </Button>
      <Button
        size="sm"
        variant="ghost"
        data-testid="replay-prev"
        onClick={() => {
          setPlaying(false);
          onStep(Math.max(0, step - 1));
        }}
        disabled={step === 0}
        aria-label="One event back"
      >
        <Icon d="M11 3 4 8l7 5V3Z" />
      </Button>
      <Button
        size="sm"
        variant="secondary"
        data-testid="replay-play"
        onClick={() => {
          if (step >= total) onStep(0);
          setPlaying((p) => !p);
        }}
        aria-pressed={playing}
      >
        {playing ? "Pause" : "Play"}
      </Button>
      <Button
        size="sm"
        variant="ghost"
        data-testid="replay-step"
        onClick={() => {
          setPlaying(false);
          onStep(Math.min(total, step + 1));
        }}
        disabled={step >= total}
        aria-label="One event forward"
      >
        <Icon d="M5 3l7 5-7 5V3Z" />
      </Button>
      <Button
        size="sm"
        variant="ghost"
        data-testid="replay-last"
        onClick={() => {
          setPlaying(false);
          onStep(total);
        }}
        disabled={step >= total}
        aria-label="Jump to the end"
      >
        <Icon d="M12 3v10M3 3l7 5-7 5V3Z" />
      </Button>
      <input
        type="range"
        min={0}
        max={total}
        value={step}
        onChange={(e) => {
          setPlaying(false);
          onStep(Number(e.target.value));
        }}
        data-testid="replay-slider"
        aria-label="Replay position"
        className="min-w-40 flex-1 accent-indigo-600"
      />
      <span
        className="w-52 truncate text-xs text-zinc-600 tabular-nums"
        data-testid="replay-position"
        data-step={step}
        data-total={total}
      >
        {step} / {total}
        {current ? ` · ${current.type}` : " · before the first event"}
      </span>
    </div>
  );
}

function Icon({ d }: { d: string }) {
  return (
    <svg
      aria-hidden
      viewBox="0 0 16 16"
      className="size-3.5 fill-current stroke-current"
      strokeWidth={1.5}
      strokeLinejoin="round"
    >
      <path d={d} />
    </svg>
  );
}
