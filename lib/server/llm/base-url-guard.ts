import "server-only";
import { lookup } from "node:dns/promises";
import os from "node:os";
import { canonicalAddress, canonicalHostName, isLoopbackName, isWildcardAddress } from "@/lib/core/security/hosts";
import { HttpError } from "@/lib/server/http/errors";

/** How long resolving a base URL's host name may take before it is judged on its name alone. */
const RESOLVE_MS = 2000;

const defaultPort = (protocol: string) => (protocol === "https:" ? "443" : "80");

/** The ports this server answers on: the request's own, PORT, and 3000 (the default). */
function appPorts(request: Request): Set<string> {
  const ports = new Set([process.env.PORT || "3000"]);
  const host = request.headers.get("host");
  const fromHeader = host ? /:(\d{1,5})$/.exec(host)?.[1] : undefined;
  if (fromHeader) ports.add(fromHeader);
  try {
    const url = new URL(request.url);
    ports.add(url.port || defaultPort(url.protocol));
  } catch {
    // a request without a full URL (tests)
  }
  return ports;
}

/** Every name and address this machine answers to: loopback, its interfaces, HOST, the request's Host. */
function ownAddress(name: string, request: Request): boolean {
  if (isLoopbackName(name) || isWildcardAddress(name)) return true;
  const own = new Set<string>();
  for (const list of Object.values(os.networkInterfaces()))
    for (const i of list ?? []) {
      const address = canonicalAddress(i.address);
      if (address) own.add(address);
    }
  const bound = process.env.HOST ? canonicalAddress(process.env.HOST) : null;
  if (bound) own.add(bound);
  const header = request.headers.get("host");
  const fromHeader = header ? canonicalHostName(header) : null;
  if (fromHeader) own.add(fromHeader);
  return own.has(name);
}

async function resolved(hostname: string): Promise<string[]> {
  const timeout = new Promise<string[]>((resolve) => setTimeout(() => resolve([]), RESOLVE_MS).unref());
  const found = lookup(hostname.replace(/^\[|\]$/g, ""), { all: true }).then(
    (list) => list.map((a) => canonicalAddress(a.address)).filter((a): a is string => a !== null),
    () => [] as string[],
  );
  return Promise.race([found, timeout]);
}

/**
 * Refuses a model base URL that is this Tablesight server itself (a loopback or own address, or a
 * name resolving to one, on the port the app answers on): a test or a run would otherwise send
 * the model's key, and requests, to the app's own API. Another port of the same machine (Ollama
 * on 127.0.0.1:11434) is fine.
 */
export async function refuseOwnAddress(baseURL: string | null | undefined, request: Request): Promise<void> {
  if (!baseURL) return;
  let url: URL;
  try {
    url = new URL(baseURL);
  } catch {
    return; // the body's schema refuses it with a message of its own
  }
  const port = url.port || defaultPort(url.protocol);
  if (!appPorts(request).has(port)) return;
  const name = url.hostname.toLowerCase();
  const addresses = ownAddress(name, request) ? [name] : (await resolved(name)).filter((a) => ownAddress(a, request));
  if (addresses.length)
    throw new HttpError(
      "base_url_is_this_app",
      `${url.origin} is this Tablesight server itself; a model's base URL must be another server ` +
        "(an OpenAI-compatible server on another port, e.g. http://127.0.0.1:11434/v1).",
      400,
    );
}
