"use client";

import { useEffect, useState } from "react";
import type { MethodInfo } from "@/components/workbench/api/types";
import type { CompareBody } from "./api";

const MIN = 2;
const MAX = 4;

/** An example of the parameters JSON, from the offered methods' own parameters (`{"<method>": {"<name>": value}}`). */
function exampleParams(methods: readonly MethodInfo[]): string {
  const parts = methods.slice(0, 2).flatMap((m) => {
    const [name, schema] = Object.entries(m.params?.properties ?? {})[0] ?? [];
    return name ? [`"${m.id}": {"${name}": ${JSON.stringify(schema?.default ?? 1)}}`] : [];
  });
  return `{${parts.join(", ")}}`;
}

/** The per-method parameters typed as JSON: null when empty, a sentence when they do not read. */
function readParams(text: string, example: string): Record<string, Record<string, unknown>> | null | string {
  if (!text.trim()) return null;
  try {
    const value = JSON.parse(text) as unknown;
    if (value && typeof value === "object" && !Array.isArray(value))
      return value as Record<string, Record<string, unknown>>;
  } catch {
    // Reported below in words.
  }
  return `Parameters must be a JSON object such as ${example}.`;
}

/** Question, 2–4 methods, one reasoner and each method's parameters for a compare. */
export function CompareForm({
  methods,
  llmAvailable,
  running,
  initialQuestion,
  preset,
  onCompare,
}: {
  methods: MethodInfo[];
  llmAvailable: boolean;
  running: boolean;
  initialQuestion?: string;
  /** A stored compare the page shows: the form takes its question, methods and reasoner (once per compare). */
  preset?: { id: string; question: string; methods: string[]; reasoner: "local" | "llm" };
  onCompare: (body: CompareBody) => void;
}) {
  const [question, setQuestion] = useState(initialQuestion ?? "");
  // The first three methods the server offers, until the person picks.
  const [picked, setChosen] = useState<string[] | null>(null);
  const chosen = picked ?? methods.slice(0, 3).map((m) => m.id);
  const [reasoner, setReasoner] = useState<"local" | "llm">("local");
  const [paramsText, setParamsText] = useState("");
  const presetId = preset?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: applied once per shown compare, not on every render
  useEffect(() => {
    if (!preset) return;
    setQuestion(preset.question);
    setChosen(preset.methods.filter((m) => methods.some((o) => o.id === m)));
    if (preset.reasoner === "local" || llmAvailable) setReasoner(preset.reasoner);
  }, [presetId]);
  const toggle = (id: string) =>
    setChosen(chosen.includes(id) ? chosen.filter((m) => m !== id) : chosen.length < MAX ? [...chosen, id] : chosen);
  const example = exampleParams(methods);
  const params = readParams(paramsText, example);
  const problem = !question.trim()
    ? "Type a question."
    : chosen.length < MIN
      ? `Choose at least ${MIN} methods.`
      : typeof params === "string"
        ? params
        : null;
  return (
    <form
      className="space-y-2 rounded border border-zinc-200 bg-white p-3"
      onSubmit={(e) => {
        e.preventDefault();
        if (!problem && typeof params !== "string")
          onCompare({ question: question.trim(), methods: chosen, reasoner, ...(params ? { params } : {}) });
      }}
    >
      <label className="block text-sm font-medium" htmlFor="compare-question">
        Question
      </label>
      <textarea
        id="compare-question"
        data-testid="compare-question"
        className="w-full rounded border border-zinc-300 p-2 text-sm"
        rows={2}
        value={question}
        onChange={(e) => setQuestion(e.target.value)}
      />
      <fieldset className="flex flex-wrap items-center gap-3 text-sm">
        <legend className="sr-only">Methods (2–4)</legend>
        {methods.map((m) => (
          <label key={m.id} className="inline-flex items-center gap-1">
            <input
              type="checkbox"
              data-testid={`compare-method-${m.id}`}
              checked={chosen.includes(m.id)}
              disabled={!chosen.includes(m.id) && chosen.length >= MAX}
              onChange={() => toggle(m.id)}
            />
            {m.label}
          </label>
        ))}
        <label className="ml-auto inline-flex items-center gap-1">
          Reasoner
          <select
            value={reasoner}
            onChange={(e) => setReasoner(e.target.value as "local" | "llm")}
            className="rounded border border-zinc-300 px-1 py-0.5"
          >
            <option value="local">local</option>
            <option value="llm" disabled={!llmAvailable}>
              llm{llmAvailable ? "" : " (not configured)"}
            </option>
          </select>
        </label>
        <button
          type="submit"
          data-testid="compare-submit"
          disabled={running || problem !== null}
          title={problem ?? undefined}
          className="rounded bg-indigo-600 px-3 py-1 text-white disabled:opacity-50"
        >
          {running ? "Comparing…" : `Compare ${chosen.length} methods`}
        </button>
      </fieldset>
      <details className="text-xs">
        <summary className="cursor-pointer text-zinc-600">Parameters per method (JSON)</summary>
        <textarea
          aria-label="Parameters per method"
          data-testid="compare-params"
          className="mt-1 w-full rounded border border-zinc-300 p-1 font-mono"
          rows={2}
          placeholder={example}
          value={paramsText}
          onChange={(e) => setParamsText(e.target.value)}
        />
      </details>
      {problem && question ? (
        <p className="text-xs text-zinc-500" data-testid="compare-form-problem">
          {problem}
        </p>
      ) : null}
    </form>
  );
}
