import type { ComponentProps } from "react";

const INPUT =
  "mt-0.5 block w-full rounded-md border border-zinc-300 px-2 py-1 text-sm text-zinc-900 shadow-sm " +
  "focus:border-indigo-500 focus:outline-none";

/** A labelled text input of the connect form. */
export function Field({ label, className = "", ...input }: ComponentProps<"input"> & { label: string }) {
  return (
    <label className={`block text-xs font-medium text-zinc-600 ${className}`}>
      {label}
      <input className={INPUT} autoComplete="off" spellCheck={false} {...input} />
    </label>
  );
}
