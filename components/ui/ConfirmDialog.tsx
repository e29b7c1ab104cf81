"use client";

import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Button } from "./Button";
import { Spinner } from "./Spinner";

interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Modal built on <dialog>.showModal() so the browser supplies the focus trap, the top layer and Esc;
 * mount it only while it should be open.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  busy = false,
  error,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const bodyId = useId();
  // Taken at first render, before the dialog moves focus: that is the element to return to.
  const [opener] = useState(() =>
    typeof document === "undefined" ? null : (document.activeElement as HTMLElement | null),
  );

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    // The safe choice gets focus: Enter on a destructive default would be too easy.
    cancelRef.current?.focus();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, [opener]);

  return (
    <dialog
      ref={dialogRef}
      data-testid="confirm-dialog"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) onCancel();
      }}
      onClose={() => {
        // Browsers may close a modal despite preventDefault (repeated Esc); keep React state in step.
        if (!busy) onCancel();
      }}
      onClick={(e) => {
        if (e.target === dialogRef.current && !busy) onCancel();
      }}
      className={
        "m-auto w-[28rem] max-w-[calc(100vw-2rem)] rounded-lg border border-zinc-200 bg-white p-0 " +
        "text-zinc-900 shadow-xl backdrop:bg-zinc-900/40"
      }
    >
      <div className="p-5">
        <h2 id={titleId} className="text-base font-semibold">
          {title}
        </h2>
        <div id={bodyId} className="mt-2 text-sm text-zinc-600">
          {children}
        </div>
        {error ? (
          <p role="alert" className="mt-3 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            {error}
          </p>
        ) : null}
        <div className="mt-5 flex justify-end gap-2">
          <Button ref={cancelRef} data-testid="confirm-no" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button variant="danger" data-testid="confirm-yes" onClick={onConfirm} disabled={busy}>
            {busy ? <Spinner className="size-3.5" /> : null}
            {confirmLabel}
          </Button>
        </div>
      </div>
    </dialog>
  );
}
