"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { messageOf } from "@/components/api/client";
import { queryKeys } from "@/components/api/queryKeys";
import { Field } from "@/components/connect/Field";
import { Button } from "@/components/ui/Button";
import type { LlmProvider, LlmSettingsResponse, LlmTestResponse } from "@/lib/core/model/api-types";
import { clearLlmSettings, type LlmSettingsForm, PROVIDERS, saveLlmSettings, testLlmSettings } from "./llmSettingsApi";

/** "keep" the stored key, type a new one ("replace"), or remove it ("clear"). */
type KeyAction = "keep" | "replace" | "clear";

/**
 * The model form: provider, base URL, model and API key. The key is write-only: the page only
 * ever learns whether one is set, and offers to replace or clear it. "Test" makes one small call
 * with what the form says (saved or not); "Save" makes the llm reasoner use it.
 */
export function LlmSettingsFormView({ settings }: { settings: LlmSettingsResponse }) {
  const queryClient = useQueryClient();
  const start = settings.saved;
  const [provider, setProvider] = useState<LlmProvider>(start?.provider ?? "openai-compatible");
  const [baseURL, setBaseURL] = useState(start?.baseURL ?? "");
  const [model, setModel] = useState(start?.model ?? "");
  const [key, setKey] = useState("");
  const [keyAction, setKeyAction] = useState<KeyAction>(start?.keySet ? "keep" : "replace");
  const [tested, setTested] = useState<LlmTestResponse | null>(null);
  const hint = PROVIDERS.find((p) => p.id === provider) ?? PROVIDERS[0];

  const form = (): LlmSettingsForm => ({
    provider,
    model: model.trim(),
    baseURL: baseURL.trim(),
    ...(keyAction === "replace" && key.trim() ? { apiKey: key.trim() } : {}),
    ...(keyAction === "clear" ? { clearKey: true } : {}),
  });
  const refresh = (next: LlmSettingsResponse) => {
    queryClient.setQueryData(queryKeys.llmSettings(), next);
    void queryClient.invalidateQueries({ queryKey: queryKeys.reasoners() });
  };
  const test = useMutation({ mutationFn: testLlmSettings, onMutate: () => setTested(null), onSuccess: setTested });
  const save = useMutation({
    mutationFn: saveLlmSettings,
    onSuccess: (next) => {
      refresh(next);
      // The typed key is not kept in the page once the server has it.
      setKey("");
      setKeyAction(next.saved?.keySet ? "keep" : "replace");
    },
  });
  const remove = useMutation({
    mutationFn: clearLlmSettings,
    onSuccess: (next) => {
      refresh(next);
      setKeyAction("replace");
    },
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(form());
  };
  const busy = test.isPending || save.isPending || remove.isPending;
  const keyNeeded = provider !== "openai-compatible";

  return (
    <form
      data-testid="llm-settings-form"
      onSubmit={onSubmit}
      className="space-y-3 rounded-lg border border-zinc-200 bg-white p-4 shadow-sm"
      aria-label="Language model settings"
    >
      <label className="block text-xs font-medium text-zinc-600">
        Provider
        <select
          data-testid="llm-provider"
          value={provider}
          onChange={(e) => setProvider(e.target.value as LlmProvider)}
          className="mt-0.5 block w-full rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm text-zinc-900"
        >
          {PROVIDERS.map((p) => (
            <option key={p.id} value={p.id}>
              {p.label}
            </option>
          ))}
        </select>
      </label>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          label={provider === "openai-compatible" ? "Base URL" : "Base URL (optional)"}
          data-testid="llm-base-url"
          value={baseURL}
          placeholder={hint.urlHint}
          onChange={(e) => setBaseURL(e.target.value)}
        />
        <Field
          label="Model"
          data-testid="llm-model"
          value={model}
          placeholder={hint.modelHint}
          onChange={(e) => setModel(e.target.value)}
        />
      </div>
      <KeyField
        action={keyAction}
        keySet={!!start?.keySet}
        value={key}
        required={keyNeeded}
        secretConfigured={settings.secretConfigured}
        onAction={setKeyAction}
        onChange={setKey}
      />
      <div className="flex flex-wrap items-center gap-2 pt-1">
        <Button data-testid="llm-test" onClick={() => test.mutate(form())} disabled={busy}>
          {test.isPending ? "Testing…" : "Test"}
        </Button>
        <Button type="submit" variant="primary" data-testid="llm-save" disabled={busy}>
          {save.isPending ? "Saving…" : "Save"}
        </Button>
        {settings.saved ? (
          <Button variant="ghost" data-testid="llm-remove" onClick={() => remove.mutate()} disabled={busy}>
            Remove saved model
          </Button>
        ) : null}
        {save.isSuccess && !busy ? (
          <span data-testid="llm-saved" role="status" className="text-xs text-emerald-700">
            Saved: the llm reasoner now uses {settings.saved?.provider}:{settings.saved?.model}.
          </span>
        ) : null}
      </div>
      <Outcome tested={tested} error={test.error ?? save.error ?? remove.error} />
    </form>
  );
}

function KeyField(props: {
  action: KeyAction;
  keySet: boolean;
  value: string;
  required: boolean;
  secretConfigured: boolean;
  onAction: (action: KeyAction) => void;
  onChange: (value: string) => void;
}) {
  const { action, keySet, secretConfigured } = props;
  return (
    <div className="space-y-1">
      {keySet && action !== "replace" ? (
        <div className="flex flex-wrap items-center gap-2 text-xs">
          <span className="font-medium text-zinc-600">API key</span>
          <span data-testid="llm-key-state" className="rounded bg-zinc-100 px-1.5 py-0.5 text-zinc-700">
            {action === "clear" ? "will be removed when you save" : "key set (stored encrypted)"}
          </span>
          <Button size="sm" data-testid="llm-key-replace" onClick={() => props.onAction("replace")}>
            Replace
          </Button>
          {action === "clear" ? (
            <Button size="sm" variant="ghost" onClick={() => props.onAction("keep")}>
              Keep it
            </Button>
          ) : (
            <Button size="sm" variant="ghost" data-testid="llm-key-clear" onClick={() => props.onAction("clear")}>
              Clear
            </Button>
          )}
        </div>
      ) : (
        <Field
          label={props.required ? "API key" : "API key (optional for a local server)"}
          type="password"
          data-testid="llm-api-key"
          value={props.value}
          placeholder={keySet ? "a new key replaces the stored one" : ""}
          onChange={(e) => props.onChange(e.target.value)}
        />
      )}
      <p className="text-xs text-zinc-500">
        {secretConfigured
          ? "The key is stored encrypted with the server's TABLESIGHT_SECRET, like connection passwords, " +
            "and is never sent back to the browser."
          : "TABLESIGHT_SECRET is not set on the server, so a key cannot be stored; " +
            "a local server without a key can still be saved."}
      </p>
    </div>
  );
}

function Outcome({ tested, error }: { tested: LlmTestResponse | null; error: Error | null }) {
  if (error)
    return (
      <p role="alert" data-testid="llm-error" className="text-xs text-red-700">
        {messageOf(error)}
      </p>
    );
  if (!tested) return null;
  return (
    <p
      role="status"
      data-testid="llm-test-result"
      data-ok={tested.ok}
      className={`rounded-md px-2 py-1.5 text-xs break-words ${
        tested.ok ? "bg-emerald-50 text-emerald-800" : "bg-red-50 text-red-800"
      }`}
    >
      {tested.ok ? "✓ Works: " : "✗ Test failed: "}
      {tested.message}
    </p>
  );
}
