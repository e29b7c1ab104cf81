import { formatBytes } from "@/components/ui/format";

export function FileList({
  files,
  disabled,
  onRemove,
}: {
  files: File[];
  disabled: boolean;
  onRemove: (index: number) => void;
}) {
  if (files.length === 0) return null;
  const total = files.reduce((sum, f) => sum + f.size, 0);
  return (
    <div className="rounded-md border border-zinc-200">
      <ul aria-label="Selected files" className="divide-y divide-zinc-100">
        {files.map((file, i) => (
          <li
            key={`${file.name}-${file.size}-${file.lastModified}`}
            data-testid="upload-file"
            className="flex items-center gap-3 px-3 py-1.5"
          >
            <span className="min-w-0 flex-1 truncate font-medium text-zinc-800" title={file.name}>
              {file.name}
            </span>
            <span className="text-xs text-zinc-500 tabular-nums">{formatBytes(file.size)}</span>
            <button
              type="button"
              onClick={() => onRemove(i)}
              disabled={disabled}
              aria-label={`Remove ${file.name}`}
              className="rounded p-0.5 text-zinc-400 hover:bg-zinc-100 hover:text-zinc-700 disabled:invisible"
            >
              <svg
                aria-hidden
                viewBox="0 0 16 16"
                className="size-3.5"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
              >
                <path d="m4 4 8 8M12 4l-8 8" strokeLinecap="round" />
              </svg>
            </button>
          </li>
        ))}
      </ul>
      <p className="border-t border-zinc-100 bg-zinc-50 px-3 py-1 text-xs text-zinc-500">
        {files.length} {files.length === 1 ? "file" : "files"}, {formatBytes(total)} in total
      </p>
    </div>
  );
}
