"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { messageOf } from "@/components/api/client";
import { queryKeys } from "@/components/api/queryKeys";
import { Field } from "@/components/connect/Field";
import { Button } from "@/components/ui/Button";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import type { LlmProvider, LlmSettingsResponse, LlmTestResponse } from "@/lib/core/api/reasoners";
import { type KeyAction, KeyField } from "./LlmKeyField";
import {
  clearLlmSettings,
  type LlmSettingsForm,
  PROVIDERS,
  saveLlmSettings,
  sameBaseUrl,
  testLlmSettings,
} from "./llmSettingsApi";

/**
 * The model form: provider, base URL, model and API key. The key is write-only: the page only
 * ever learns whether one is set, and offers to replace or clear it; it stays with the address it
 * was saved for. "Test" makes one small call with what the form says (saved or not); "Save" makes
 * the llm reasoner use it, after asking when the test of this very form just failed; "Remove" asks.
 */
export function LlmSettingsFormView({ settings }: { settings: LlmSettingsResponse }) {
  const queryClient = useQueryClient();
  const start = settings.saved;
  const [provider, setProvider] = useState<LlmProvider>(start?.provider ?? "openai-compatible");
  const [baseURL, setBaseURL] = useState(start?.baseURL ?? "");
  const [model, setModel] = useState(start?.model ?? "");
  const [key, setKey] = useState("");
  const [keyAction, setKeyAction] = useState<KeyAction>(start?.keySet ? "keep" : "replace");
  const [tested, setTested] = useState<{ result: LlmTestResponse; form: string } | null>(null);
  const [confirming, setConfirming] = useState<"save" | "remove" | null>(null);
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
  const test = useMutation({
    mutationFn: testLlmSettings,
    onMutate: () => setTested(null),
    onSuccess: (result, sent) => setTested({ result, form: JSON.stringify(sent) }),
  });
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
    onSettled: () => setConfirming(null),
  });
  // The test of exactly this form failed: saving it asks first.
  const failedTest = tested && !tested.result.ok && tested.form === JSON.stringify(form()) ? tested.result : null;
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (failedTest) setConfirming("save");
    else save.mutate(form());
  };
  const keyBound =
    !!start?.keySet &&
    keyAction === "keep" &&
    (provider !== start.provider || !sameBaseUrl(baseURL.trim(), start.baseURL ?? ""));
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
        boundTo={keyBound ? (start?.baseURL ?? start?.provider ?? "") : null}
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
          <Button variant="ghost" data-testid="llm-remove" onClick={() => setConfirming("remove")} disabled={busy}>
            Remove saved model
          </Button>
        ) : null}
        {save.isSuccess && !busy ? (
          <span data-testid="llm-saved" role="status" className="text-xs text-emerald-700">
            Saved: the llm reasoner now uses {settings.saved?.provider}:{settings.saved?.model}.
          </span>
        ) : null}
      </div>
      <Outcome tested={tested?.result ?? null} error={test.error ?? save.error ?? remove.error} />
      {confirming === "save" && failedTest ? (
        <ConfirmDialog
          title="Save a model whose test failed?"
          confirmLabel="Save anyway"
          busy={save.isPending}
          onCancel={() => setConfirming(null)}
          onConfirm={() => save.mutate(form())}
        >
          The test of these settings just failed: {failedTest.message} Runs with the llm reasoner would fall back to the
          local reasoner at every step until the model answers.
        </ConfirmDialog>
      ) : null}
      {confirming === "remove" ? (
        <ConfirmDialog
          title="Remove the saved model?"
          confirmLabel="Remove"
          busy={remove.isPending}
          onCancel={() => setConfirming(null)}
          onConfirm={() => remove.mutate()}
        >
          {settings.saved?.provider}:{settings.saved?.model} and its stored key are forgotten.{" "}
          {settings.environment
            ? `Runs with the llm reasoner then use ${settings.environment.provider}:${settings.environment.model} ` +
              "from the server's environment."
            : "Only the local reasoner answers questions until you save another model."}
        </ConfirmDialog>
      ) : null}
    </form>
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
