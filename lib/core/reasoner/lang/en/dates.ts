// English words of dates: comparators of a date phrase, named days of the year, range leads (question/parse/dates).

/** Days of the year people name instead of writing the date (month, day). */
export const HOLIDAYS: Array<[RegExp, number, number]> = [
  [/^christmas(?: day)?$/, 12, 25],
  [/^christmas eve$/, 12, 24],
  [/^new year'?s(?: day)?$/, 1, 1],
  [/^new year'?s eve$/, 12, 31],
  [/^(?:independence day|the fourth of july|fourth of july|july fourth)$/, 7, 4],
  [/^halloween$/, 10, 31],
  [/^valentine'?s(?: day)?$/, 2, 14],
  [/^boxing day$/, 12, 26],
];

/** A date phrase after which values are later. */
export const DATE_AFTER = /(?:after|later than|newer than|more recent than|post)$/;

/** A date phrase from which values count (inclusive). */
export const DATE_SINCE = /(?:since|from|starting|as of|on or after)$/;

/** A date phrase before which values are earlier. */
export const DATE_BEFORE = /(?:before|earlier than|prior to|older than|until|till|pre)$/;

/** A date phrase up to which values count (inclusive). */
export const DATE_BY = /(?:on or before|no later than|not after|up to|by)$/;

/** "between 2010 and 2015", "from 2010 to 2015": a range opens. */
export const DATE_RANGE_LEAD = /(?:between|from)\s*$/;
