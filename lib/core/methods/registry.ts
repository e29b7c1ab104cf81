import { fgtrMethod } from "./fgtr/method";
import { graphotterMethod } from "./graphotter/method";
import { heliosMethod } from "./helios/method";
import type { AnyMethodModule } from "./module";
import { sgamMethod } from "./sgam/method";

/**
 * Every question-answering method, one line each, in the order the app offers them. The ask,
 * compare, re-run and batch routes, GET /api/methods, the worker pool and the eval harness read
 * this list; adding a method is its folder plus one line here.
 */
export const METHOD_MODULES = [fgtrMethod, sgamMethod, graphotterMethod, heliosMethod] as const;

export type MethodId = (typeof METHOD_MODULES)[number]["id"];

/** The method ids, as a non-empty tuple (for z.enum). */
export const METHOD_IDS = METHOD_MODULES.map((m) => m.id) as [MethodId, ...MethodId[]];

const byId = new Map<string, AnyMethodModule>(METHOD_MODULES.map((m) => [m.id, m as AnyMethodModule]));

/** The module of a method id, or undefined. */
export function findMethod(id: string): AnyMethodModule | undefined {
  return byId.get(id);
}
