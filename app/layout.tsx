import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { QueryProvider } from "@/components/providers/QueryProvider";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Tablesight", template: "%s · Tablesight" },
  description: "Explore tables with questions.",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen bg-zinc-50 font-sans text-sm text-zinc-900 antialiased">
        <a
          href="#main"
          className={
            "sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded " +
            "focus:bg-white focus:px-3 focus:py-1.5 focus:shadow"
          }
        >
          Skip to content
        </a>
        <header className="sticky top-0 z-30 border-b border-zinc-200 bg-white/95 backdrop-blur">
          <div className="mx-auto flex h-12 max-w-screen-2xl items-center gap-3 px-4 sm:px-6">
            <Link href="/" className="flex items-center gap-2 font-semibold tracking-tight text-zinc-900">
              <svg aria-hidden viewBox="0 0 20 20" className="size-5">
                <rect x="1.5" y="2.5" width="17" height="15" rx="2.5" className="fill-indigo-600" />
                <path d="M1.5 7.5h17M7.5 7.5v10" className="stroke-white" strokeWidth="1.6" />
              </svg>
              Tablesight
            </Link>
            <Link
              href="/settings"
              data-testid="nav-settings"
              className={
                "ml-auto flex items-center gap-1.5 rounded-md px-2 py-1 text-zinc-600 " +
                "hover:bg-zinc-100 hover:text-zinc-900"
              }
            >
              <svg
                aria-hidden
                viewBox="0 0 20 20"
                className="size-4"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.6"
              >
                <circle cx="10" cy="10" r="2.6" />
                <path
                  d={
                    "M10 1.8v2.4M10 15.8v2.4M1.8 10h2.4M15.8 10h2.4" +
                    "M4.2 4.2l1.7 1.7M14.1 14.1l1.7 1.7M4.2 15.8l1.7-1.7M14.1 5.9l1.7-1.7"
                  }
                />
              </svg>
              Settings
            </Link>
          </div>
        </header>
        <main id="main" className="mx-auto max-w-screen-2xl px-4 py-6 sm:px-6">
          <QueryProvider>{children}</QueryProvider>
        </main>
      </body>
    </html>
  );
}
