"use client";

import { useRef, useState, type KeyboardEvent } from "react";

const VIEWS = [
  { id: "tables", label: "Tables", testId: "tables-tab" },
  { id: "schema", label: "Schema graph", testId: "schema-tab" },
  { id: "joins", label: "Joins", testId: "joins-tab" },
  { id: "find", label: "Find value", testId: "find-value-tab" },
  { id: "glossary", label: "Glossary", testId: "glossary-tab" },
  { id: "passages", label: "Passages", testId: "passages-tab" },
] as const;

export type ViewId = (typeof VIEWS)[number]["id"];

export const viewPanelId = (view: ViewId) => `view-panel-${view}`;
export const viewTabId = (view: ViewId) => `view-tab-${view}`;

function isViewId(v: string | null): v is ViewId {
  return VIEWS.some((x) => x.id === v);
}

/** The view lives in ?view= so a reload or a shared link opens the same one. */
export function useViewParam(): [ViewId, (v: ViewId) => void] {
  const [view, setView] = useState<ViewId>(() => {
    const v = typeof window === "undefined" ? null : new URLSearchParams(window.location.search).get("view");
    return isViewId(v) ? v : "tables";
  });
  const select = (v: ViewId) => {
    setView(v);
    const url = new URL(window.location.href);
    if (v === "tables") url.searchParams.delete("view");
    else url.searchParams.set("view", v);
    window.history.replaceState(window.history.state, "", url);
  };
  return [view, select];
}

/** Horizontal tablist (Tables | Schema graph | Joins | Find value) with arrow-key focus. */
export function ViewTabs({ view, onSelect }: { view: ViewId; onSelect: (v: ViewId) => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const onKeyDown = (e: KeyboardEvent, i: number) => {
    const moves: Record<string, number> = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: VIEWS.length - 1 };
    if (moves[e.key] === undefined) return;
    e.preventDefault();
    const next = (moves[e.key] + VIEWS.length) % VIEWS.length;
    onSelect(VIEWS[next].id);
    ref.current?.querySelectorAll<HTMLButtonElement>("[role=tab]")[next]?.focus();
  };
  return (
    <div ref={ref} role="tablist" aria-label="Dataset views" className="flex gap-1 border-b border-zinc-200">
      {VIEWS.map((v, i) => {
        const active = v.id === view;
        return (
          <button
            key={v.id}
            type="button"
            role="tab"
            id={viewTabId(v.id)}
            aria-selected={active}
            aria-controls={viewPanelId(v.id)}
            tabIndex={active ? 0 : -1}
            data-testid={v.testId}
            onClick={() => onSelect(v.id)}
            onKeyDown={(e) => onKeyDown(e, i)}
            className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium transition-colors ${
              active
                ? "border-indigo-600 text-indigo-700"
                : "border-transparent text-zinc-500 hover:border-zinc-300 hover:text-zinc-800"
            }`}
          >
            {v.label}
          </button>
        );
      })}
    </div>
  );
}
