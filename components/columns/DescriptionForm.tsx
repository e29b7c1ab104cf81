import { Button } from "@/components/ui/Button";
import { Spinner } from "@/components/ui/Spinner";

export function SaveError({ message }: { message: string }) {
  return (
    <p
      role="alert"
      data-testid="description-error"
      className="rounded-md border border-red-200 bg-red-50 px-2 py-1.5 text-xs text-red-800"
    >
      {message}
    </p>
  );
}

interface DescriptionFormProps {
  draft: string;
  label: string;
  saving: boolean;
  error: string | null;
  onChange: (text: string) => void;
  onSave: () => void;
  onCancel: () => void;
}

/** The textarea with Save and Cancel (Ctrl+Enter and Esc do the same). */
export function DescriptionForm({ draft, label, saving, error, onChange, onSave, onCancel }: DescriptionFormProps) {
  return (
    <div className="space-y-1.5">
      <textarea
        data-testid="description-input"
        aria-label={label}
        value={draft}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Escape" && !saving) onCancel();
          if (e.key === "Enter" && (e.metaKey || e.ctrlKey) && draft.trim()) onSave();
        }}
        rows={4}
        autoFocus
        disabled={saving}
        className={
          "w-full resize-y rounded-md border border-zinc-300 bg-white px-2 py-1.5 text-sm shadow-sm " +
          "focus:border-indigo-500 focus:outline-none disabled:bg-zinc-50"
        }
      />
      {error ? <SaveError message={`Could not save: ${error}`} /> : null}
      <div className="flex items-center justify-end gap-2">
        <span className="mr-auto text-[11px] text-zinc-400">Ctrl+Enter saves · Esc cancels</span>
        <Button size="sm" data-testid="description-cancel" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button
          size="sm"
          variant="primary"
          data-testid="description-save"
          onClick={onSave}
          disabled={saving || draft.trim() === ""}
        >
          {saving ? <Spinner className="size-3" /> : null}
          Save
        </Button>
      </div>
    </div>
  );
}
