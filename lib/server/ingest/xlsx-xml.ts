import "server-only";
import { SaxesParser } from "saxes";

/** What a streamed XML part calls back with; element names come without their namespace prefix. */
export type XmlHandlers = {
  open?: (name: string, attributes: Record<string, string>) => void;
  close?: (name: string) => void;
  text?: (text: string) => void;
};

const local = (name: string) => {
  const colon = name.indexOf(":");
  return colon === -1 ? name : name.slice(colon + 1);
};

/** An attribute by its local name (`r:id` is found as "id" when asked for "r:id" or "id" with any prefix). */
export function attribute(attributes: Record<string, string>, name: string): string | undefined {
  if (name in attributes) return attributes[name];
  const wanted = local(name);
  for (const key of Object.keys(attributes)) if (key.includes(":") && local(key) === wanted) return attributes[key];
  return undefined;
}

/**
 * Parses an XML part chunk by chunk (saxes, a streaming parser), so a 400 MB sheet is never one
 * string. `between` runs after every chunk: the caller checks memory and yields to the event loop
 * there, and may throw to stop reading (the stream is closed by the loop's exit).
 */
export async function parseXmlStream(
  chunks: AsyncIterable<Buffer | string>,
  handlers: XmlHandlers,
  between?: () => void | Promise<void>,
): Promise<void> {
  const parser = new SaxesParser();
  let failure: Error | null = null;
  parser.on("error", (err) => {
    failure ??= err;
  });
  if (handlers.open) {
    const open = handlers.open;
    parser.on("opentag", (tag) => open(local(tag.name), tag.attributes as Record<string, string>));
  }
  if (handlers.close) {
    const close = handlers.close;
    parser.on("closetag", (tag) => close(local(tag.name)));
  }
  if (handlers.text) {
    parser.on("text", handlers.text);
    parser.on("cdata", handlers.text);
  }
  const decoder = new TextDecoder("utf-8");
  for await (const chunk of chunks) {
    parser.write(typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true }));
    if (failure) throw failure;
    await between?.();
  }
  parser.write(decoder.decode());
  parser.close();
  if (failure) throw failure;
}
