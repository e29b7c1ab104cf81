import "server-only";
import { MULTIPART_TYPE, mediaType } from "@/lib/core/security/body-type";
import { type ParsedQuestionSet, parseQuestionSet } from "@/lib/core/eval/question-set";
import { formatBytes } from "@/lib/core/util/format-bytes";
import { HttpError } from "@/lib/server/http/errors";

/** The largest question-set file (10,000 questions with gold SQL fit well under it). */
const MAX_QUESTION_SET_BYTES = 20 * 1024 * 1024;

export type QuestionSetUpload = ParsedQuestionSet & { fileName: string; name: string | null };

/**
 * Reads a multipart upload with one `file` (JSONL or CSV) and an optional `name`, and parses it.
 * A file that is too large, not UTF-8, or without a single good question is a 4xx naming why.
 */
export async function readQuestionSetUpload(request: Request): Promise<QuestionSetUpload> {
  if (mediaType(request.headers.get("content-type")) !== MULTIPART_TYPE)
    throw new HttpError("unsupported_media_type", "Upload the question set as multipart/form-data, field `file`.", 415);
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > MAX_QUESTION_SET_BYTES + 64 * 1024) throw tooLarge();
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new HttpError("bad_multipart", "The upload could not be read as multipart/form-data.");
  }
  const file = form.get("file");
  if (!(file instanceof File)) throw new HttpError("no_files", "Send the question set as the form field `file`.");
  if (file.size > MAX_QUESTION_SET_BYTES) throw tooLarge();
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer());
  } catch {
    throw new HttpError("not_utf8", `${file.name} is not UTF-8 text; save it as UTF-8 and upload it again.`);
  }
  const lower = file.name.toLowerCase();
  const format = lower.endsWith(".csv")
    ? "csv"
    : lower.endsWith(".jsonl") || lower.endsWith(".ndjson")
      ? "jsonl"
      : undefined;
  const parsed = parseQuestionSet(text, format);
  if (!parsed.items.length) {
    const first = parsed.errors
      .slice(0, 3)
      .map((e) => e.message)
      .join(" ");
    throw new HttpError("no_questions", `No question could be read from ${file.name}. ${first}`.trim());
  }
  const rawName = form.get("name");
  const name = typeof rawName === "string" && rawName.trim() ? rawName.trim().slice(0, 200) : null;
  return { ...parsed, fileName: file.name, name };
}

function tooLarge(): HttpError {
  return new HttpError("file_too_large", `A question set may be at most ${formatBytes(MAX_QUESTION_SET_BYTES)}.`, 413);
}
