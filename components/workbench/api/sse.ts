/**
 * Incremental parser of a server-sent-events body as the AI SDK's UI message stream writes it:
 * blocks separated by a blank line, each `data: <json>`; `data: [DONE]` ends the stream.
 */
export function createSseParser(onChunk: (chunk: unknown) => void) {
  let buffer = "";
  const flushBlock = (block: string) => {
    for (const line of block.split("\n")) {
      if (!line.startsWith("data:")) continue;
      const payload = line.slice(5).trim();
      if (!payload || payload === "[DONE]") continue;
      try {
        onChunk(JSON.parse(payload));
      } catch {
        // A malformed line is skipped; the events around it still count.
      }
    }
  };
  return {
    push(text: string) {
      buffer += text.replace(/\r\n/g, "\n");
      let end: number;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        flushBlock(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
      }
    },
    end() {
      if (buffer.trim()) flushBlock(buffer);
      buffer = "";
    },
  };
}
