import { Culture, DateTimeOptions, DateTimeRecognizer } from "@microsoft/recognizers-text-date-time";

/**
 * Microsoft's Recognizers-Text date-time model (English): it finds dates, date ranges, holidays,
 * quarters, weeks, durations and relative periods in text and resolves them to TIMEX values and ISO
 * dates against a reference day. Building the model compiles its patterns (~0.2 s after a ~0.7 s
 * import), so it is built once per thread, on first use or at the thread's warm-up.
 */

/** One value a recognized phrase resolves to (a phrase without a year resolves to several). */
export type TimeValue = {
  timex?: string;
  type: string;
  /** "before", "after", "since", "until", "more", "less", "start", "end" … */
  mod?: string;
  value?: string;
  start?: string;
  end?: string;
};

/** A time phrase of the text: where it is, what kind it is, and its resolutions. */
export type RecognizedTime = { start: number; end: number; text: string; type: string; values: TimeValue[] };

type Model = ReturnType<DateTimeRecognizer["getDateTimeModel"]>;
let model: Model | null = null;

function dateTimeModel(): Model {
  if (!model) model = new DateTimeRecognizer(Culture.English, DateTimeOptions.None).getDateTimeModel();
  return model;
}

/** Builds the model now (a thread's warm-up), so the first question does not wait for it. */
export function warmTimeRecognizer(): void {
  dateTimeModel().parse("in March 2011", new Date(2011, 0, 1));
}

/** A reference day as the model takes it: local midnight of an ISO date ("2018-04-09"). */
function referenceDay(iso: string): Date {
  const [y, m, d] = iso.slice(0, 10).split("-").map(Number);
  return new Date(y, (m || 1) - 1, d || 1);
}

/** The time phrases of `text` resolved against `reference` (an ISO day). Text is cut to 2,000 characters. */
export function recognizeTime(text: string, reference: string): RecognizedTime[] {
  const results = dateTimeModel().parse(text.slice(0, 2000), referenceDay(reference));
  return results.map((r) => {
    const raw = (r.resolution?.values ?? []) as Array<Record<string, string>>;
    return {
      start: r.start,
      end: r.end + 1,
      text: text.slice(r.start, r.end + 1),
      type: r.typeName.replace(/^datetimeV2\./, ""),
      values: raw.map((v) => ({
        timex: v.timex,
        type: v.type,
        mod: v.Mod,
        value: v.value,
        start: v.start,
        end: v.end,
      })),
    };
  });
}
