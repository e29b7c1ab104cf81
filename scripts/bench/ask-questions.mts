// Questions about the benchmark table (generate-csv.mts): lookups, filters, counts and aggregates,
// drawn from its real value ranges so that each one has an answer.
import { CITIES, STATUS } from "./generate-csv.mts";

const TEMPLATES: ((n: number) => string)[] = [
  (n) => `How many orders are from ${CITIES[n % CITIES.length]}?`,
  (n) => `What is the total amount of orders by Customer ${(n * 7919) % 100_000}?`,
  (n) => `How many ${STATUS[n % 4]} orders are there in ${CITIES[(n + 3) % CITIES.length]}?`,
  (n) => `What is the average discount of orders with a quantity of more than ${5 + (n % 10)}?`,
  (n) => `Which city has the highest total amount?`,
  (n) => `What is the status of order ${1 + ((n * 104729) % 1_000_000)}?`,
  (n) => `How many orders have a score of at least ${90 + (n % 9)}?`,
  (n) => `What is the maximum amount of orders with priority ${1 + (n % 5)}?`,
  (n) =>
    `How many orders were placed after 2024-${String(1 + (n % 12)).padStart(2, "0")}-15 ` +
    `in ${CITIES[(n + 5) % CITIES.length]}?`,
  (n) => `List the customers of orders whose note mentions fragile box ${n % 97} in ${CITIES[n % CITIES.length]}.`,
];

/** `count` questions cycling through the templates with varied values. */
export function benchQuestions(count: number): string[] {
  return Array.from({ length: count }, (_, i) => TEMPLATES[i % TEMPLATES.length](i + 1));
}
