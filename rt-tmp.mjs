const t0 = performance.now();
const R = await import("@microsoft/recognizers-text-date-time");
const t1 = performance.now();
const ref = new Date(Date.UTC(2018, 3, 9));
const model = new R.DateTimeRecognizer(R.Culture.English, R.DateTimeOptions.None).getDateTimeModel();
const t2 = performance.now();
const qs = process.argv.slice(2).length ? process.argv.slice(2) : [
 "How many orders were placed in 2004?", "How many orders did we ship in November 2004?",
 "What was the high temperature on Christmas Day 2013?", "What happened on New Year's Eve 2019?",
 "Which month of the year has the highest average daily high?", "How many orders came in during the first week of January 2018?",
 "How many customers placed their last order before March 2018?", "What was our revenue in the first quarter of 2018?",
 "How many physics prizes were awarded in the 1990s?", "How many Nobel Prizes were awarded between 2012 and 2015?",
 "How many laureates were born in December?", "How many orders were placed on a weekend?",
 "How many orders were placed on the last day of a month?", "How many laureates were born on New Year's Day?",
 "How many Nobel Prizes have been awarded since 2000?", "How many chemistry prizes were awarded between the two world wars, 1919 to 1938?",
 "How many orders in the past 3 months?", "sales last year", "from March 11 to 15", "Which hour had the most trips?", "opened in May",
 "How many rides in March 2011 by March Smith?", "Which day of the week had the most orders?", "in Q3 2019", "How many diamonds from 1 to 1.5 carats sell for under $5,000?",
 "How many orders were shipped more than a week after they were ordered?", "Which were the three windiest days?", "rounds 3 through 7", "How many more orders did we get in March than in February?",
];
for (const q of qs) {
  const res = model.parse(q, ref);
  console.log(q); for (const r of res) console.log("   ", r.text, r.typeName, JSON.stringify(r.resolution?.values));
}
console.log("import ms", (t1-t0).toFixed(0), "model ms", (t2-t1).toFixed(0), "parse total ms", (performance.now()-t2).toFixed(0));
