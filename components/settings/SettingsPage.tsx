"use client";

import { useQuery } from "@tanstack/react-query";
import { messageOf } from "@/components/api/client";
import { queryKeys } from "@/components/api/queryKeys";
import { Breadcrumb } from "@/components/ui/Breadcrumb";
import { Spinner } from "@/components/ui/Spinner";
import type { LlmSettingsResponse, LlmSettingsView } from "@/lib/core/api/reasoners";
import { LlmSettingsFormView } from "./LlmSettingsForm";
import { getLlmSettings } from "./llmSettingsApi";

/** The settings page: which language model the llm reasoner uses, and a form to choose one. */
export function SettingsPage() {
  const settings = useQuery({ queryKey: queryKeys.llmSettings(), queryFn: getLlmSettings });
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <Breadcrumb crumbs={[{ label: "Datasets", href: "/" }, { label: "Settings" }]} />
      <div>
        <h1 className="text-lg font-semibold text-zinc-900">Language model</h1>
        <p className="mt-1 text-zinc-600">
          Questions are answered by the local reasoner (offline, no model needed) unless you pick the{" "}
          <span className="font-medium">llm</span> reasoner when asking. The llm reasoner sends each step a paper gives
          to a language model to the model chosen here; a step the model fails falls back to the local reasoner and the
          trace says so.
        </p>
      </div>
      {settings.error ? (
        <p role="alert" className="text-red-700">
          {messageOf(settings.error)}
        </p>
      ) : !settings.data ? (
        <Spinner />
      ) : (
        <>
          <ActiveModel settings={settings.data} />
          <LlmSettingsFormView settings={settings.data} />
        </>
      )}
    </div>
  );
}

function describe(view: LlmSettingsView): string {
  return `${view.provider}:${view.model}${view.baseURL ? ` at ${view.baseURL}` : ""}`;
}

function ActiveModel({ settings }: { settings: LlmSettingsResponse }) {
  const { saved, environment, active } = settings;
  const used = active === "settings" ? saved : active === "environment" ? environment : null;
  return (
    <section
      data-testid="llm-active"
      className="rounded-lg border border-zinc-200 bg-white p-3 text-zinc-700 shadow-sm"
      aria-label="Model in use"
    >
      {used ? (
        <p>
          Runs with the llm reasoner use <span className="font-mono text-zinc-900 break-all">{describe(used)}</span>
          {active === "settings" ? " — saved on this page." : " — from the server's environment variables."}
        </p>
      ) : (
        <p>No language model is configured: only the local reasoner answers questions.</p>
      )}
      {active === "settings" && environment ? (
        <p data-testid="llm-env-note" className="mt-1 text-xs text-zinc-500">
          The environment also sets <span className="font-mono break-all">{describe(environment)}</span>; it is used
          again when you remove the saved model.
        </p>
      ) : null}
      {settings.environmentProblem ? (
        <p className="mt-1 text-xs text-amber-700">Environment variables: {settings.environmentProblem}</p>
      ) : null}
      <p className="mt-1 text-xs text-zinc-500">
        Each call may take up to {Math.round(settings.timeoutMs / 1000)} s (LLM_TIMEOUT_MS) and is retried{" "}
        {settings.maxRetries === 1 ? "once" : `${settings.maxRetries} times`} on a rate limit or server error
        (LLM_MAX_RETRIES).
      </p>
    </section>
  );
}
