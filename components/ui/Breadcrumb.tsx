import Link from "next/link";
import { Fragment } from "react";

export type Crumb = { label: string; href?: string; testId?: string };

/** "Datasets / <dataset> / <page>": links for every crumb with an href, the last one plain. */
export function Breadcrumb({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="text-xs text-zinc-500">
      {crumbs.map((c, i) => (
        <Fragment key={i}>
          {i > 0 ? (
            <span aria-hidden className="mx-1.5">
              /
            </span>
          ) : null}
          {c.href ? (
            <Link href={c.href} className="hover:text-zinc-800 hover:underline" data-testid={c.testId}>
              {c.label}
            </Link>
          ) : (
            <span className={i === crumbs.length - 1 ? "text-zinc-700" : undefined} data-testid={c.testId}>
              {c.label}
            </span>
          )}
        </Fragment>
      ))}
    </nav>
  );
}
