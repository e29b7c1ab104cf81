/**
 * A dataset's default name from the files uploaded together: one file's own name; the folder they
 * came from; the name they share ("sales_2023.csv", "sales_2024.csv" → "sales"); two or three
 * names joined; otherwise the first file's name and how many tables come with it
 * ("Album and 10 other tables"). The user can always type another one on upload.
 */
export function suggestDatasetName(fileNames: readonly string[], folder?: string | null): string {
  const bases = fileNames
    .map((n) =>
      n
        .replace(/^.*[\\/]/, "")
        .replace(/\.[^.]+$/, "")
        .trim(),
    )
    .filter(Boolean);
  if (!bases.length) return "Untitled dataset";
  if (bases.length === 1) return bases[0];
  if (folder?.trim()) return folder.trim();
  const prefix = commonPrefix(bases)
    .replace(/[\s_\-.(]+$/, "")
    .trim();
  if (prefix.length >= 3 && /[\p{L}]/u.test(prefix)) return prefix;
  if (bases.length <= 3) return bases.join(" + ");
  return `${bases[0]} and ${bases.length - 1} other tables`;
}

function commonPrefix(names: readonly string[]): string {
  let p = names[0];
  for (const n of names.slice(1)) {
    let i = 0;
    while (i < p.length && i < n.length && p[i].toLowerCase() === n[i].toLowerCase()) i++;
    p = p.slice(0, i);
  }
  return p;
}
