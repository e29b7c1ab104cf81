/**
 * A byte count as people read it, in binary units (1 KB = 1,024 bytes): "812 B", "3.4 MB",
 * "500 MB", "1.2 GB". One decimal below 10 of a unit; "—" for a count that is not one.
 * The one byte formatter of the app (UI, API messages, import errors).
 */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return "—";
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB", "TB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}
