import type { ReactNode } from "react";

export function ErrorPanel({
  title = "Something went wrong",
  children,
  testId,
  action,
}: {
  title?: string;
  children: ReactNode;
  testId?: string;
  action?: ReactNode;
}) {
  return (
    <div
      role="alert"
      data-testid={testId}
      className="flex items-start gap-3 rounded-md border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-800"
    >
      <svg aria-hidden viewBox="0 0 20 20" className="mt-0.5 size-4 shrink-0 fill-red-500">
        <path d="M10 1.5a8.5 8.5 0 1 0 0 17 8.5 8.5 0 0 0 0-17Zm-.9 4.2h1.8v5.6H9.1V5.7Zm0 7h1.8v1.8H9.1v-1.8Z" />
      </svg>
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{title}</p>
        <p className="mt-0.5 break-words whitespace-pre-wrap">{children}</p>
      </div>
      {action}
    </div>
  );
}
