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
          </div>
        </header>
        <main id="main" className="mx-auto max-w-screen-2xl px-4 py-6 sm:px-6">
          <QueryProvider>{children}</QueryProvider>
        </main>
      </body>
    </html>
  );
}
