import type { Page } from "@playwright/test";

export type Clipped = { tag: string; testId: string | null; text: string; scrollWidth: number; clientWidth: number };

/**
 * Visible elements holding one of `names` (a dataset, table, column or question-set name) whose
 * text the page cuts to an ellipsis (text-overflow: ellipsis, e.g. Tailwind's `truncate`, with
 * scrollWidth > clientWidth), and buttons and links that stick out of the window.
 */
export function clippedText(page: Page, names: string[]): Promise<{ ellipsis: Clipped[]; offscreen: Clipped[] }> {
  return page.evaluate((names) => {
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      const s = getComputedStyle(el);
      return r.width > 0 && r.height > 0 && s.visibility !== "hidden" && s.display !== "none";
    };
    const describe = (el: HTMLElement) => ({
      tag: el.tagName.toLowerCase(),
      testId: el.closest("[data-testid]")?.getAttribute("data-testid") ?? null,
      text: (el.textContent ?? "").trim().slice(0, 80),
      scrollWidth: el.scrollWidth,
      clientWidth: el.clientWidth,
    });
    const ellipsis = [...document.querySelectorAll<HTMLElement>("body *")]
      // Form fields scroll their own text; a 1-px visually hidden input holds no shown name.
      .filter((el) => !["INPUT", "TEXTAREA", "SELECT"].includes(el.tagName))
      .filter((el) => visible(el) && getComputedStyle(el).textOverflow === "ellipsis")
      .filter((el) => el.scrollWidth > el.clientWidth + 1)
      .filter((el) => names.some((n) => (el.textContent ?? "").includes(n)))
      .map(describe);
    const width = document.documentElement.clientWidth;
    const offscreen = [...document.querySelectorAll<HTMLElement>("button, a")]
      .filter((el) => visible(el))
      .filter((el) => {
        const r = el.getBoundingClientRect();
        if (r.right <= width + 1) return false;
        // Inside a horizontally scrolling box (a wide table) it can be scrolled to: not clipped.
        for (let p = el.parentElement; p; p = p.parentElement) {
          const o = getComputedStyle(p).overflowX;
          if ((o === "auto" || o === "scroll") && p.scrollWidth > p.clientWidth) return false;
        }
        return true;
      })
      .map(describe);
    return { ellipsis, offscreen };
  }, names);
}
