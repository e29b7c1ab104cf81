import type { DatePartUnit } from "../types";

/**
 * A part of an ISO date expression as SQLite numbers it: year, quarter (1–4), month (1–12), day of
 * the month, weekday (0 = Sunday), hour, month-day (month × 100 + day) and month-end (1 on a
 * month's last day, else 0). Timestamps ("2021-02-04 13:20:22") work as dates do.
 */
export function datePartExpr(iso: string, unit: DatePartUnit): string {
  const part = (f: string) => `CAST(strftime('${f}', ${iso}) AS INTEGER)`;
  switch (unit) {
    case "year":
      return part("%Y");
    case "quarter":
      return `((${part("%m")} + 2) / 3)`;
    case "month":
      return part("%m");
    case "day":
      return part("%d");
    case "weekday":
      return part("%w");
    case "hour":
      return part("%H");
    case "month-day":
      return part("%m%d");
    case "month-end":
      return `(strftime('%d', date(${iso}, '+1 day')) = '01')`;
  }
}
