import "server-only";
import { createHashedEncoder, type TextEncoder } from "@/lib/core/text";

// One instance: the hashed encoder keeps scratch buffers and is cheap to share.
let local: TextEncoder | null = null;

/**
 * The text encoder of the cell index. SEAM: the AI SDK embedding model and a local ONNX model
 * directory (issue "Offline index", item 4) plug in here; vectors are only comparable under one
 * encoder, so its id is stored with every generation and checked when the index is opened.
 */
export function cellEncoder(): TextEncoder {
  return (local ??= createHashedEncoder());
}
