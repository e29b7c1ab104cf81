"use client";

import { useEffect, useRef } from "react";

/** True when a key press belongs to a text field (its own undo), not to the page. */
function inTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}

/**
 * Ctrl+Z undoes and Ctrl+Shift+Z redoes (⌘ on a Mac) while the page shows the graph, except in a
 * text field, where the keys keep their usual meaning.
 */
export function useUndoKeys(actions: { canUndo: boolean; canRedo: boolean; undo: () => void; redo: () => void }) {
  const latest = useRef(actions);
  useEffect(() => {
    latest.current = actions;
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey || e.key.toLowerCase() !== "z" || inTextField(e.target)) return;
      const a = latest.current;
      e.preventDefault();
      if (e.shiftKey) {
        if (a.canRedo) a.redo();
      } else if (a.canUndo) a.undo();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
}
