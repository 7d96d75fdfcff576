import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "@playwright/test";
import type { AxeResults, RunOptions } from "axe-core";

/** The widths every page is checked at: a small phone and a laptop. */
export const WIDTHS = [360, 1280] as const;

/** WCAG 2.2 AA, as axe-core tags its rules. */
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * What is wrong with the layout of the page as shown: elements that stick out of the viewport on the
 * right (the page scrolls sideways), and form controls that overlap one another. Each finding names the
 * element(s) so a failure says where to look.
 */
export function layoutFindings(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const describe = (element: Element) => {
      const id = element.id ? `#${element.id}` : "";
      const classes =
        typeof element.className === "string" && element.className
          ? `.${element.className.trim().split(/\s+/).join(".")}`
          : "";
      const name = element.getAttribute("name") ? `[name=${element.getAttribute("name")}]` : "";
      return `${element.tagName.toLowerCase()}${id}${classes}${name}`;
    };
    const isShown = (element: Element) => {
      const box = element.getBoundingClientRect();
      if (box.width < 1 || box.height < 1) return false;
      const style = getComputedStyle(element);
      return style.visibility !== "hidden" && style.display !== "none" && Number(style.opacity) > 0;
    };
    const findings: string[] = [];

    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width + 1) {
      const wide = [...document.body.querySelectorAll("*")].filter(
        (element) => isShown(element) && element.getBoundingClientRect().right > width + 1,
      );
      // The innermost ones are the cause; their ancestors only contain them.
      const causes = wide.filter(
        (element) => !wide.some((other) => other !== element && element.contains(other)),
      );
      findings.push(
        `the page is ${document.documentElement.scrollWidth}px wide in a ${width}px viewport: ${
          causes.slice(0, 5).map(describe).join(", ") || "(no element found)"
        }`,
      );
    }

    const controls = [
      ...document.querySelectorAll("input:not([type=hidden]), select, textarea, button"),
    ].filter(
      (element) => isShown(element) && !element.closest("dialog:not([open]), [hidden], [aria-hidden='true']"),
    );
    for (const [index, control] of controls.entries()) {
      const a = control.getBoundingClientRect();
      for (const other of controls.slice(index + 1)) {
        if (control.contains(other) || other.contains(control)) continue;
        const b = other.getBoundingClientRect();
        const overlapX = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        const overlapY = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (overlapX > 2 && overlapY > 2) findings.push(`${describe(control)} overlaps ${describe(other)}`);
      }
    }
    return findings;
  });
}

/** axe-core's browser build, injected into a page once per document. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * Accessibility violations axe-core finds (WCAG 2.2 AA) in the page, or in the part `include` selects,
 * each with the elements it names. axe-core runs in the page itself: injected once per document and run
 * as often as asked (both widths of a page), violations only. Our pages have no frames. The
 * `@axe-core/playwright` wrapper injected and configured it anew on every run, which took about 0.7 s of
 * every run's 0.9 s; the sweep's checks are the same.
 */
export async function axeFindings(page: Page, include?: string): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  const options: RunOptions = { runOnly: { type: "tag", values: AXE_TAGS }, resultTypes: ["violations"] };
  const violations = await page.evaluate(
    async ([selector, runOptions]) => {
      const { axe } = window as unknown as {
        axe: { run: (context: unknown, options: RunOptions) => Promise<AxeResults> };
      };
      const results = await axe.run(selector ? { include: [selector] } : document, runOptions);
      return results.violations.map(({ id, impact, help, nodes }) => ({
        id,
        impact,
        help,
        targets: nodes.slice(0, 3).map((node) => node.target.join(" ")),
      }));
    },
    [include, options] as const,
  );
  return violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}: ${violation.targets.join(", ")}`,
  );
}

/**
 * Opens a page at the first width and returns everything found at each width, prefixed with the width.
 * The page is loaded once and then resized, as a player turns a tablet or widens a window: the layout is
 * CSS (and media queries the page listens to), so a second load at the other width would check the same
 * document again at the cost of its scripts and hydration.
 */
export async function checkPage(page: Page, path: string, { hydrates = true } = {}): Promise<string[]> {
  const findings: string[] = [];
  const [first, ...others] = WIDTHS;
  await page.setViewportSize({ width: first, height: 800 });
  const response = await page.goto(path, { waitUntil: "load" });
  if (!response || response.status() >= 400) findings.push(`${path} answered ${response?.status()}`);
  // Checked as the player sees it once the page has hydrated (its client-only parts shown); a simulator's
  // page has no scripts.
  if (hydrates)
    await page.locator("html[data-hydrated='true']").waitFor({ state: "attached", timeout: 10_000 });
  for (const width of [first, ...others]) {
    if (width !== first) {
      await page.setViewportSize({ width, height: 800 });
      // One frame, so that the resize's layout and any listener of a media query have run.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined))));
    }
    for (const finding of [...(await layoutFindings(page)), ...(await axeFindings(page))])
      findings.push(`${width}px: ${finding}`);
  }
  return findings;
}
