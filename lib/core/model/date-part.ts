import { z } from "zod";

/**
 * A part of a date a question constrains or groups by, numbered as SQLite's strftime numbers it
 * (month 1–12, weekday 0 = Sunday, hour 0–23); "month-day" is month × 100 + day (New Year's Day
 * 101), "month-end" the last day of a month (value 1).
 */
export const datePartSchema = z.enum(["year", "quarter", "month", "day", "weekday", "hour", "month-day", "month-end"]);
export type DatePartUnit = z.infer<typeof datePartSchema>;
