import "server-only";
import PQueue from "p-queue";
import { processSingleton } from "@/lib/server/process/singleton";
import { IMPORT_THREADS, questionThreads } from "./thread-pools";

/**
 * The app's queues, one library for all of them (p-queue): each kind of work has its own budget,
 * so one kind never waits behind another, and nothing polls.
 *  - questions, one queue per method: as many at once as the method has threads; a question
 *    asked by hand goes before every waiting batch question (priority), so a person waits for at
 *    most the batch question already running;
 *  - batches: one batch at a time, one of its questions at a time (its questions then wait in
 *    the question queue at batch priority);
 *  - indexing: one dataset at a time, in the background thread;
 *  - imports: uploads are parsed and written two at a time, in the import threads.
 */
export const PRIORITY = { interactive: 10, batch: 0 } as const;

type Queues = { questions: Map<string, PQueue>; batches: PQueue; indexing: PQueue; imports: PQueue };

const queues = () =>
  processSingleton(
    "queues",
    (): Queues => ({
      questions: new Map(),
      batches: new PQueue({ concurrency: 1 }),
      indexing: new PQueue({ concurrency: 1 }),
      imports: new PQueue({ concurrency: IMPORT_THREADS }),
    }),
  );

/** The question queue of a method (its threads' budget). */
export function questionQueue(method: string): PQueue {
  const all = queues().questions;
  let queue = all.get(method);
  if (!queue) {
    queue = new PQueue({ concurrency: questionThreads() });
    all.set(method, queue);
  }
  return queue;
}
export function batchQueue(): PQueue {
  return queues().batches;
}
export function indexQueue(): PQueue {
  return queues().indexing;
}
export function importQueue(): PQueue {
  return queues().imports;
}
