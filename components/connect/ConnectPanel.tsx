"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { type FormEvent, useState } from "react";
import { messageOf } from "@/components/api/client";
import { queryKeys } from "@/components/api/queryKeys";
import { Button } from "@/components/ui/Button";
import { connectDatabase, connectPolicyKey, getConnectPolicy } from "./connectApi";
import { type ConnectionFields, parseSchemas, urlFromFields } from "./connectionUrl";
import { Field } from "./Field";

const EMPTY: ConnectionFields = { host: "", port: "5432", database: "", user: "", password: "" };

/**
 * "Connect a database": a PostgreSQL URL (or an env:NAME reference, or host/port/database/user/
 * password fields) and the schemas to include. Nothing is copied; the server reads the catalog.
 */
export function ConnectPanel() {
  const queryClient = useQueryClient();
  const policy = useQuery({ queryKey: connectPolicyKey, queryFn: ({ signal }) => getConnectPolicy(signal) });
  const [mode, setMode] = useState<"url" | "fields">("url");
  const [url, setUrl] = useState("");
  const [fields, setFields] = useState<ConnectionFields>(EMPTY);
  const [schemas, setSchemas] = useState("public");
  const [name, setName] = useState("");
  const connect = useMutation({
    mutationFn: connectDatabase,
    onSuccess: () => {
      // The password typed here is not kept once the server has it.
      setUrl((u) => (u.startsWith("env:") ? u : ""));
      setFields((f) => ({ ...f, password: "" }));
      void queryClient.invalidateQueries({ queryKey: queryKeys.datasets() });
    },
  });
  const secretMissing = policy.data?.secretConfigured === false;
  const set = (key: keyof ConnectionFields) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [key]: e.target.value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const target = mode === "url" ? url.trim() : urlFromFields(fields);
    const fallback = mode === "fields" ? fields.database.trim() : "";
    connect.mutate({
      name: name.trim() || fallback || "PostgreSQL database",
      url: target,
      schemas: parseSchemas(schemas),
    });
  };

  return (
    <form
      onSubmit={submit}
      data-testid="connect-panel"
      className="space-y-3 rounded-lg border border-zinc-200 bg-white p-4 shadow-sm"
    >
      <div>
        <h2 className="text-sm font-semibold text-zinc-900">Connect a database</h2>
        <p className="mt-0.5 text-xs text-zinc-500">
          PostgreSQL, or an engine that speaks its protocol. Nothing is copied: questions run on the database in
          read-only transactions.
        </p>
      </div>
      {secretMissing && (
        <p data-testid="connect-secret-note" className="rounded-md bg-amber-50 px-2 py-1.5 text-xs text-amber-900">
          TABLESIGHT_SECRET is not set on the server, so a password cannot be stored. Put the URL in an environment
          variable of the server and connect with <code>env:NAME</code> (for example <code>env:PGURL_SALES</code>).
        </p>
      )}
      <div className="flex gap-3 text-xs" role="radiogroup" aria-label="How to connect">
        {(["url", "fields"] as const).map((m) => (
          <label key={m} className="flex items-center gap-1">
            <input
              type="radio"
              name="connect-mode"
              data-testid={`connect-mode-${m}`}
              checked={mode === m}
              onChange={() => setMode(m)}
            />
            {m === "url" ? "Connection URL" : "Host and user"}
          </label>
        ))}
      </div>
      {mode === "url" ? (
        <Field
          label="URL or env:NAME"
          data-testid="connect-url"
          type={url.startsWith("env:") ? "text" : "password"}
          placeholder="postgresql://user:password@host:5432/database"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
        />
      ) : (
        <div className="grid grid-cols-[1fr_5rem] gap-2">
          <Field label="Host" data-testid="connect-host" value={fields.host} onChange={set("host")} />
          <Field label="Port" data-testid="connect-port" value={fields.port} onChange={set("port")} />
          <Field label="Database" data-testid="connect-database" value={fields.database} onChange={set("database")} />
          <Field
            label="User"
            data-testid="connect-user"
            value={fields.user}
            onChange={set("user")}
            className="col-span-1"
          />
          <Field
            label="Password"
            data-testid="connect-password"
            type="password"
            value={fields.password}
            onChange={set("password")}
            className="col-span-2"
          />
        </div>
      )}
      <div className="grid grid-cols-2 gap-2">
        <Field
          label="Schemas (comma-separated)"
          data-testid="connect-schemas"
          value={schemas}
          onChange={(e) => setSchemas(e.target.value)}
        />
        <Field
          label="Dataset name"
          data-testid="connect-name"
          placeholder="optional"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <Button type="submit" variant="primary" data-testid="connect-submit" disabled={connect.isPending}>
        {connect.isPending ? "Connecting…" : "Connect"}
      </Button>
      {connect.isError && (
        <p role="alert" data-testid="connect-error" className="text-xs text-red-700">
          {messageOf(connect.error)}
        </p>
      )}
      {connect.isSuccess && (
        <p data-testid="connect-success" className="text-xs text-emerald-800">
          Connected{" "}
          <Link className="font-medium underline" href={`/datasets/${connect.data.id}`}>
            {connect.data.name}
          </Link>
          : {connect.data.tables.length} tables. Indexing from samples has started.
        </p>
      )}
    </form>
  );
}
