import { NextResponse, type NextRequest } from "next/server";
import {
  accessPolicy,
  checkAccess,
  TOKEN_COOKIE,
  TOKEN_HEADER,
  TOKEN_QUERY,
  type AccessPolicy,
} from "@/lib/core/security/access";
import { requestRefusal } from "@/lib/server/http/request-guard";

// Every page passes here. On loopback without a token nothing is checked; bound elsewhere (HOST)
// the token in TABLESIGHT_TOKEN is required (lib/core/security/access.ts). API routes check it
// in their handle() wrapper instead (lib/server/http/access.ts): Next buffers the body of every
// request a proxy sees, capped at 10 MB, which would cut uploads short. The Host and Origin rules
// (lib/server/http/request-guard.ts) run here for pages and in handle() for the API, the same code.

function policy(): AccessPolicy | Error {
  try {
    return accessPolicy(process.env.HOST, process.env.TABLESIGHT_TOKEN);
  } catch (err) {
    return err as Error;
  }
}

function deniedPage(): NextResponse {
  const body =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Tablesight — token ` +
    `required</title></head><body style="font-family:system-ui;max-width:36rem;margin:4rem ` +
    `auto;line-height:1.5"><h1 data-testid="token-required">A token is required</h1><p>This Tablesight server ` +
    `is reachable from other machines, so it asks for the token its operator set in ` +
    `<code>TABLESIGHT_TOKEN</code>. Open this page once with <code>?token=&lt;token&gt;</code> appended to ` +
    `the address; the browser keeps it in a cookie for later visits.</p></body></html>`;
  return new NextResponse(body, { status: 401, headers: { "content-type": "text/html; charset=utf-8" } });
}

export function proxy(request: NextRequest) {
  const refusal = requestRefusal(request, { checkBody: false });
  // Plain text: the refused Host is echoed, and text cannot run in anyone's page.
  if (refusal)
    return new NextResponse(`${refusal.message}\n`, {
      status: refusal.status,
      headers: { "content-type": "text/plain; charset=utf-8" },
    });
  const current = policy();
  if (current instanceof Error) return new NextResponse(current.message, { status: 503 });
  if (!current.tokenRequired) return NextResponse.next();
  const url = request.nextUrl;
  const access = checkAccess(current, {
    authorization: request.headers.get("authorization"),
    header: request.headers.get(TOKEN_HEADER),
    cookie: request.cookies.get(TOKEN_COOKIE)?.value,
    query: url.searchParams.get(TOKEN_QUERY),
  });
  if (!access.allowed) return deniedPage();
  if (access.via !== "query") return NextResponse.next();
  // A page opened with ?token=: keep the token in a cookie and drop it from the address bar.
  const clean = url.clone();
  clean.searchParams.delete(TOKEN_QUERY);
  const response = NextResponse.redirect(clean);
  response.cookies.set(TOKEN_COOKIE, current.token, { httpOnly: true, sameSite: "strict", path: "/" });
  return response;
}

export const config = {
  matcher: ["/((?!api/|_next/static|_next/image|icon.svg|favicon.ico).*)"],
};
