"use client";

import { useId, useRef, useState, type DragEvent } from "react";
import { ACCEPT_ATTRIBUTE } from "./fileTypes";

interface DropzoneProps {
  disabled: boolean;
  onFiles: (files: File[]) => void;
}

export function Dropzone({ disabled, onFiles }: DropzoneProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  // Counting enter/leave pairs: dragleave also fires when crossing into a child element.
  const depth = useRef(0);
  const [over, setOver] = useState(false);

  const reset = () => {
    depth.current = 0;
    setOver(false);
  };
  const onDragEnter = (e: DragEvent) => {
    e.preventDefault();
    if (disabled) return;
    depth.current += 1;
    setOver(true);
  };
  const onDragLeave = () => {
    depth.current = Math.max(0, depth.current - 1);
    if (depth.current === 0) setOver(false);
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    reset();
    if (!disabled && e.dataTransfer.files.length > 0) onFiles(Array.from(e.dataTransfer.files));
  };
  const open = () => {
    if (!disabled) inputRef.current?.click();
  };

  return (
    <>
      <div
        data-testid="upload-dropzone"
        role="button"
        tabIndex={disabled ? -1 : 0}
        aria-disabled={disabled}
        aria-describedby={hintId}
        aria-label="Choose files to import, or drop them here"
        onClick={open}
        onKeyDown={(e) => {
          if (e.key === "Enter" || e.key === " ") {
            e.preventDefault();
            open();
          }
        }}
        onDragEnter={onDragEnter}
        onDragOver={(e) => e.preventDefault()}
        onDragLeave={onDragLeave}
        onDrop={onDrop}
        className={
          `flex cursor-pointer flex-col items-center justify-center gap-1.5 rounded-lg border-2 ` +
          `border-dashed px-6 py-8 text-center transition-colors ${
            over
              ? "border-indigo-500 bg-indigo-50"
              : "border-zinc-300 bg-zinc-50/60 hover:border-zinc-400 hover:bg-zinc-50"
          } ${disabled ? "cursor-not-allowed opacity-60" : ""}`
        }
      >
        <svg
          aria-hidden
          viewBox="0 0 24 24"
          className="size-7 text-zinc-400"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
        >
          <path
            d="M12 15V4m0 0L8 8m4-4 4 4M5 15v3a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-3"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <p className="text-sm font-medium text-zinc-800">
          Drop files here or <span className="text-indigo-600 underline underline-offset-2">browse</span>
        </p>
        <p id={hintId} className="text-xs text-zinc-500">
          CSV, TSV, TXT, XLSX or SQLite (.sqlite, .sqlite3, .db). Several files become one dataset; passage files with
          them (.jsonl, .json or .md) become passages linked to the rows.
        </p>
      </div>
      {/* Outside the button role: an interactive element must not nest another. */}
      <input
        ref={inputRef}
        data-testid="upload-input"
        type="file"
        multiple
        accept={ACCEPT_ATTRIBUTE}
        aria-label="Files to import"
        className="sr-only"
        tabIndex={-1}
        disabled={disabled}
        onChange={(e) => {
          const picked = Array.from(e.target.files ?? []);
          // Cleared so that picking the same file again still fires change.
          e.target.value = "";
          if (picked.length > 0) onFiles(picked);
        }}
      />
    </>
  );
}
