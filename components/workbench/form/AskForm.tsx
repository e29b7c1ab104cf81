"use client";

import { useEffect, useMemo, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/Button";
import type { Reasoner } from "@/lib/core/trace";
import type { AskBody, MethodInfo, ReasonersResponse } from "../api/types";
import { AdvancedParams, defaultParamValues, formParams, readParams, type ParamValues } from "./AdvancedParams";
import { ChoiceSelect } from "./ChoiceSelect";
import { MAX_QUESTION_CHARS } from "@/lib/core/model/limits";

interface AskFormProps {
  methods: MethodInfo[];
  reasoners: ReasonersResponse;
  running: boolean;
  onAsk: (body: AskBody) => void;
  onCancel: () => void;
  initialQuestion?: string;
  /** Table names of the dataset: a method with a `table` parameter (GraphOTTER) asks which one. */
  tables?: string[];
  /** An example question from the dataset's own names (askPlaceholder). */
  placeholder?: string;
  /** A stored run the page shows: the form takes its question, method and reasoner (once per run). */
  preset?: { id: string; question: string; method: string; reasoner: Reasoner };
}

/** Question box, method and reasoner pickers, the advanced parameters and the Ask button. */
export function AskForm({
  methods,
  reasoners,
  running,
  onAsk,
  onCancel,
  initialQuestion = "",
  tables = [],
  placeholder = "Ask about your tables",
  preset,
}: AskFormProps) {
  const [question, setQuestion] = useState(initialQuestion);
  const [methodId, setMethodId] = useState(methods.find((m) => m.available)?.id ?? methods[0]?.id ?? "");
  const [reasoner, setReasoner] = useState<Reasoner>("local");
  const [advanced, setAdvanced] = useState(false);
  const method = methods.find((m) => m.id === methodId);
  const properties = useMemo(() => formParams(method?.params?.properties), [method]);
  const [values, setValues] = useState<ParamValues>(() => defaultParamValues(properties));
  const [error, setError] = useState<string | null>(null);
  const llm = reasoners.reasoners.find((r) => r.id === "llm");
  const asksTable = "table" in properties && tables.length > 1;
  const numeric = useMemo(
    () => Object.fromEntries(Object.entries(properties).filter(([name]) => name !== "table")),
    [properties],
  );

  const presetRun = preset?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: applied once per shown run, not on every render
  useEffect(() => {
    if (!preset) return;
    setQuestion(preset.question);
    const method = methods.find((m) => m.id === preset.method && m.available);
    if (method && method.id !== methodId) {
      setMethodId(method.id);
      setValues(defaultParamValues(formParams(method.params?.properties)));
    }
    if (reasoners.reasoners.some((r) => r.id === preset.reasoner && r.available)) setReasoner(preset.reasoner);
  }, [presetRun]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = question.trim();
    if (!text) return setError("Type a question first.");
    if (text.length > MAX_QUESTION_CHARS)
      return setError(`The question is ${text.length} characters long; the limit is ${MAX_QUESTION_CHARS}.`);
    const read = readParams(properties, values);
    if ("error" in read) return setError(read.error);
    setError(null);
    onAsk({ question: text, method: methodId, reasoner, params: read.params });
  };

  return (
    <form
      onSubmit={submit}
      className="space-y-2.5 rounded-lg border border-zinc-200 bg-white p-3 shadow-sm"
      aria-label="Ask a question"
    >
      <label htmlFor="question" className="sr-only">
        Question
      </label>
      <textarea
        id="question"
        data-testid="question-input"
        value={question}
        onChange={(e) => setQuestion(e.target.value)}
        onKeyDown={(e) => {
          // Enter asks (as in every question box); Shift+Enter breaks the line; IME composition is left alone.
          if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) submit(e);
        }}
        rows={2}
        placeholder={placeholder}
        className={
          "block w-full resize-y rounded-md border border-zinc-300 px-3 py-2 text-sm leading-relaxed " +
          "placeholder:text-zinc-400 focus:border-indigo-400"
        }
      />
      <div className="flex flex-wrap items-center gap-2">
        <ChoiceSelect
          label="Method"
          testId="method-select"
          value={methodId}
          onChange={(id) => {
            setMethodId(id);
            setValues(defaultParamValues(formParams(methods.find((m) => m.id === id)?.params?.properties)));
          }}
          options={methods.map((m) => ({
            value: m.id,
            label: m.available ? (m.note ? `${m.label} (${m.note})` : m.label) : `${m.label} (unavailable)`,
            disabled: !m.available,
            title: m.description,
          }))}
        />
        <ChoiceSelect
          label="Reasoner"
          testId="reasoner-select"
          value={reasoner}
          onChange={(id) => setReasoner(id as Reasoner)}
          options={reasoners.reasoners.map((r) => ({ value: r.id, label: r.label, disabled: !r.available }))}
        />
        {asksTable ? (
          <ChoiceSelect
            label="Table"
            testId="table-select"
            value={String(values.table ?? "")}
            onChange={(t) => setValues({ ...values, table: t })}
            options={[
              { value: "", label: "Best match (schema retrieval)" },
              ...tables.map((t) => ({ value: t, label: t })),
            ]}
          />
        ) : null}
        <Button
          variant="ghost"
          size="sm"
          data-testid="advanced-toggle"
          aria-expanded={advanced}
          onClick={() => setAdvanced((a) => !a)}
        >
          {advanced ? "▾" : "▸"} Advanced
        </Button>
        <span
          className={
            `ml-auto text-xs ` +
            `tabular-nums ${question.trim().length > MAX_QUESTION_CHARS ? "text-red-600" : "text-zinc-400"}`
          }
        >
          {question.trim().length}/{MAX_QUESTION_CHARS}
        </span>
        {running ? (
          <Button variant="secondary" data-testid="ask-cancel" onClick={onCancel}>
            Stop
          </Button>
        ) : null}
        <Button type="submit" variant="primary" data-testid="ask-submit" disabled={running}>
          {running ? "Asking…" : "Ask"}
        </Button>
      </div>
      {llm && !llm.available ? (
        <details data-testid="reasoner-help" className="text-xs text-zinc-500">
          <summary className="cursor-pointer select-none">
            <span className="font-medium text-zinc-600">No language model configured</span> — the local reasoner needs
            none. How to add one
          </summary>
          <p className="mt-1 max-w-3xl leading-relaxed">{llm.howToConfigure ?? reasoners.howToConfigure}</p>
        </details>
      ) : null}
      {advanced && Object.keys(numeric).length > 0 ? (
        <AdvancedParams
          properties={numeric}
          values={values}
          onChange={setValues}
          onReset={() => setValues(defaultParamValues(properties))}
        />
      ) : null}
      {error ? (
        <p role="alert" data-testid="question-error" className="text-xs text-red-700">
          {error}
        </p>
      ) : null}
    </form>
  );
}
