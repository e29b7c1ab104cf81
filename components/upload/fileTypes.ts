const ACCEPTED_EXTENSIONS = [
  ".csv",
  ".tsv",
  ".txt",
  ".xlsx",
  ".sqlite",
  ".sqlite3",
  ".db",
  ".jsonl",
  ".json",
  ".md",
  ".markdown",
] as const;

export const ACCEPT_ATTRIBUTE = ACCEPTED_EXTENSIONS.join(",");

function isAccepted(fileName: string): boolean {
  const lower = fileName.toLowerCase();
  return ACCEPTED_EXTENSIONS.some((ext) => lower.endsWith(ext));
}

function fileKey(file: File): string {
  return `${file.name}\u0000${file.size}\u0000${file.lastModified}`;
}

/** Adds accepted files not already selected; returns the names it refused. */
export function mergeFiles(current: File[], incoming: File[]): { files: File[]; rejected: string[] } {
  const seen = new Set(current.map(fileKey));
  const files = [...current];
  const rejected: string[] = [];
  for (const file of incoming) {
    if (!isAccepted(file.name)) rejected.push(file.name);
    else if (!seen.has(fileKey(file))) {
      seen.add(fileKey(file));
      files.push(file);
    }
  }
  return { files, rejected };
}
