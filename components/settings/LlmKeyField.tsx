"use client";

import { Field } from "@/components/connect/Field";
import { Button } from "@/components/ui/Button";

/** "keep" the stored key, type a new one ("replace"), or remove it ("clear"). */
export type KeyAction = "keep" | "replace" | "clear";

/** The API key of the model form: write-only; says when the saved key would not go with the form. */
export function KeyField(props: {
  action: KeyAction;
  keySet: boolean;
  value: string;
  required: boolean;
  secretConfigured: boolean;
  /** The address the saved key belongs to, when the form now names another one. */
  boundTo: string | null;
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
      {props.boundTo ? (
        <p data-testid="llm-key-bound" role="status" className="text-xs text-amber-700">
          The saved key belongs to {props.boundTo} and is never sent to another address: type this server&apos;s key
          (Replace), or Clear it for a server without one.
        </p>
      ) : null}
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
