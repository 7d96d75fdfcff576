import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "@playwright/test";
import type { AxeResults, RunOptions } from "axe-core";

/** The widths every page is checked at: the smallest phone (WCAG 1.4.10's 320 px), a small phone, a laptop. */
export const WIDTHS = [320, 360, 1280] as const;

/**
 * WCAG 1.4.12's text spacing, as a player's bookmarklet or reading extension sets it: nothing may be cut
 * off, overlap or spill with it (issue 43: the home hero lost 26 px of its text).
 */
const TEXT_SPACING_CSS =
  "* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }" +
  " p { margin-bottom: 2em !important; }";

/**
 * The widths axe-core runs at: the smallest phone and the laptop. Its run is most of a page's check
 * (0.2-1.5 s against 20-120 ms for the layout checks), and what it checks (names, roles, contrast, target
 * sizes) does not change between 320 and 360 px: the layout checks run at every width.
 */
const AXE_WIDTHS: readonly number[] = [320, 1280];

/** WCAG 2.2 AA, as axe-core tags its rules. */
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * What is wrong with the layout of the page as shown, each finding naming the element so a failure says
 * where to look:
 * - elements sticking out of the viewport on the right (the page scrolls sideways);
 * - form controls overlapping one another;
 * - a word or amount the browser broke inside (overflow-wrap did it), as "Lotnumm/er" or "€ 3,5/0";
 * - content cut off by its box, or running out of it (a cell's text into the next cell);
 * - a select too narrow for the option it shows.
 * The in-page part is `inspectLayout`, one self-contained function (Playwright sends its source).
 */
export function layoutFindings(page: Page, { textSpacing = false } = {}): Promise<string[]> {
  return page.evaluate(inspectLayout, textSpacing);
}

/** The findings with WCAG's text spacing applied, each prefixed "text spacing"; the page is left as it was. */
export async function textSpacingFindings(page: Page): Promise<string[]> {
  await page.evaluate((css) => {
    const style = document.createElement("style");
    style.id = "layout-check-text-spacing";
    style.textContent = css;
    document.head.append(style);
    return new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
  }, TEXT_SPACING_CSS);
  try {
    return (await layoutFindings(page, { textSpacing: true })).map((finding) => `text spacing: ${finding}`);
  } finally {
    await page.evaluate(() => document.getElementById("layout-check-text-spacing")?.remove());
  }
}

/*
 * Runs in the page. Rules of the broken-word check:
 * - A token is text between ordinary white space; a no-break space (U+00A0, U+202F) joins, so "€\u00a030"
 *   is one token. A hyphen, slash, dash or soft hyphen is a break point the reader accepts: the parts
 *   either side are tokens of their own. "€" followed by an ordinary space and a number is one token too:
 *   an amount is never split from its euro sign.
 * - A token whose pieces lie on different lines was broken inside by the browser: a finding, unless the
 *   token is wider than the page's content column (`main`'s content box) at this width: such a token (a
 *   long e-mail address, an IBAN) cannot fit on any line of the page and must break. A token wider than
 *   only its own narrow box (a table cell, a card) is a layout to fix, not a break to accept.
 * - With WCAG's text spacing (letters 12% wider), only amounts are checked: a long word of a narrow box
 *   wrapping inside keeps all its letters in sight, which is what 1.4.12 asks; an amount must still never
 *   lose its euro sign.
 * - Text that is not shown as text is skipped: scripts, styles, hidden and aria-hidden parts, code, the
 *   text of selects and text areas (drawn by the control), and visually hidden text (a 1 px clipped box).
 */
function inspectLayout(textSpacing: boolean): string[] {
  const describe = (element: Element) => {
    const id = element.id ? `#${element.id}` : "";
    const classes =
      typeof element.className === "string" && element.className
        ? `.${element.className.trim().split(/\s+/).join(".")}`
        : "";
    const name = element.getAttribute("name") ? `[name=${element.getAttribute("name")}]` : "";
    return `${element.tagName.toLowerCase()}${id}${classes}${name}`;
  };
  // Not shown: no box, hidden, transparent, or in a skipped subtree (a closed menu's content-visibility).
  const isShown = (element: Element) => {
    const box = element.getBoundingClientRect();
    if (box.width < 1 || box.height < 1) return false;
    return element.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  };
  const NOT_TEXT =
    "script, style, noscript, template, [hidden], [aria-hidden='true'], code, select, textarea, svg";
  const clippedAway = new Map<Element, boolean>();
  /** Inside a visually hidden box (clipped to nothing): read by a screen reader, never seen. */
  const isVisuallyHidden = (element: Element | null): boolean => {
    if (!element || element === document.body) return false;
    const known = clippedAway.get(element);
    if (known !== undefined) return known;
    const style = getComputedStyle(element);
    const hidden =
      style.clipPath !== "none" || style.clip !== "auto" || isVisuallyHidden(element.parentElement);
    clippedAway.set(element, hidden);
    return hidden;
  };
  const width = document.documentElement.clientWidth;
  const findings: string[] = [];

  // The page wider than the viewport.
  if (document.documentElement.scrollWidth > width + 1) {
    const wide = [...document.body.querySelectorAll("*")].filter(
      (element) => isShown(element) && element.getBoundingClientRect().right > width + 1,
    );
    // The innermost ones are the cause; their ancestors only contain them.
    const causes = wide.filter(
      (element) => !wide.some((other) => other !== element && element.contains(other)),
    );
    // Or text sticking out of a box that fits (a word longer than its line).
    if (causes.length === 0) {
      const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      const range = document.createRange();
      for (let node = texts.nextNode(); node && causes.length < 5; node = texts.nextNode()) {
        range.selectNodeContents(node);
        const parent = node.parentElement;
        if (parent && range.getBoundingClientRect().right > width + 1 && isShown(parent)) causes.push(parent);
      }
    }
    findings.push(
      `the page is ${document.documentElement.scrollWidth}px wide in a ${width}px viewport: ${
        causes.slice(0, 5).map(describe).join(", ") || "(no element found)"
      }`,
    );
  }

  // Form controls on top of one another.
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

  // Words and amounts broken inside.
  const main = document.querySelector("main") ?? document.body;
  const mainStyle = getComputedStyle(main);
  const column =
    main.clientWidth - Number.parseFloat(mainStyle.paddingLeft) - Number.parseFloat(mainStyle.paddingRight);
  const broken = new Set<string>();
  const range = document.createRange();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent ?? "";
    const parent = node.parentElement;
    if (!parent || text.trim().length < 2 || parent.closest(NOT_TEXT)) continue;
    range.selectNodeContents(node);
    // A text node on one line holds no broken token.
    const lines = new Set(
      [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
    );
    if (lines.size < 2 || isVisuallyHidden(parent)) continue;
    // Tokens: runs without ordinary white space, split after a hyphen, slash, dash or soft hyphen; an
    // amount's "€" with the number after its space.
    // The ordinary-space-delimited runs, whose width says whether they can fit a line of the page at all
    // (a URL's pieces between its slashes may break when the URL as a whole cannot fit).
    const runs = [...text.matchAll(/[^ \t\n\r\f\u200b]+/g)];
    const runWidth = (index: number) => {
      const run = runs.find((candidate) => candidate.index + candidate[0].length > index);
      if (!run) return 0;
      range.setStart(node, run.index);
      range.setEnd(node, run.index + run[0].length);
      return [...range.getClientRects()].reduce((sum, r) => sum + r.width, 0);
    };
    const tokens = [
      ...text.matchAll(
        /€[ \t\n\r\f]+[−-]?\d[^ \t\n\r\f\u200b/\u00ad\u2010\u2013\u2014-]*|[^ \t\n\r\f\u200b/\u00ad\u2010\u2013\u2014-]+[/\u00ad\u2010\u2013\u2014-]?/g,
      ),
    ];
    for (const token of tokens) {
      const word = token[0];
      if (textSpacing && !word.startsWith("€")) continue;
      if (word.replace(/[/\u00ad\u2010\u2013\u2014-]$/, "").length < 2) continue;
      range.setStart(node, token.index);
      range.setEnd(node, token.index + word.length);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0);
      const tops = rects.map((r) => r.top);
      const height = Math.min(...rects.map((r) => r.height));
      if (rects.length < 2 || Math.max(...tops) - Math.min(...tops) < height / 2) continue;
      if (runWidth(token.index) > column + 1) continue; // cannot fit on any line of the page
      broken.add(
        `${/^€/.test(word) ? "amount" : "word"} broken inside: '${word.replace(/[ \t\n\r\f]+/g, " ")}' in ${describe(parent)}`,
      );
    }
  }
  findings.push(...broken);

  // Content cut off by its box or running out of it. Scroll containers (a wide table in an overflow-x:auto
  // region) are a correct way to show wide content; an image cropped by its frame is not text cut off.
  const SKIPPED = "input, select, textarea, button, img, svg, video, canvas, iframe, picture, option, br, hr";
  const overflowing: { element: Element; finding: string }[] = [];
  for (const element of document.body.querySelectorAll("*")) {
    if (element.matches(SKIPPED) || element.closest("svg, [hidden], [aria-hidden='true']")) continue;
    const style = getComputedStyle(element);
    if (style.display === "inline" || style.display === "contents" || style.display === "none") continue;
    const scrolls = (overflow: string) => overflow === "auto" || overflow === "scroll";
    const wide = element.scrollWidth > element.clientWidth + 1 && !scrolls(style.overflowX);
    const tall = element.scrollHeight > element.clientHeight + 1 && !scrolls(style.overflowY);
    let spills = false;
    if (/^t[dh]$/i.test(element.tagName)) {
      range.selectNodeContents(element);
      const content = range.getBoundingClientRect();
      const cell = element.getBoundingClientRect();
      spills = content.width > 0 && (content.right > cell.right + 1 || content.left < cell.left - 1);
    }
    if (!wide && !tall && !spills) continue;
    if (!element.textContent?.trim() || !isShown(element) || isVisuallyHidden(element)) continue;
    const clips = style.overflowX !== "visible" || style.overflowY !== "visible";
    const size = wide
      ? `${element.scrollWidth}px wide in ${element.clientWidth}px`
      : `${element.scrollHeight}px high in ${element.clientHeight}px`;
    const finding = spills
      ? `text runs out of ${describe(element)} into the next cell`
      : clips
        ? `${describe(element)} cuts off its content (${size})`
        : `content runs out of ${describe(element)} (${size})`;
    overflowing.push({ element, finding });
  }
  // The innermost box is where the content does not fit; its ancestors only contain the spill.
  for (const { element, finding } of overflowing)
    if (!overflowing.some((other) => other.element !== element && element.contains(other.element)))
      findings.push(finding);

  // A closed select shows its chosen option: it must fit. Any other option must fit too unless the select
  // already has all the width its column gives it (the option list itself is drawn by the system).
  const context = document.createElement("canvas").getContext("2d");
  for (const select of document.querySelectorAll("select")) {
    if (!context || !isShown(select) || isVisuallyHidden(select)) continue;
    const style = getComputedStyle(select);
    context.font = style.font;
    context.letterSpacing = style.letterSpacing === "normal" ? "0px" : style.letterSpacing;
    context.wordSpacing = style.wordSpacing === "normal" ? "0px" : style.wordSpacing;
    const arrow = style.appearance === "none" ? 0 : 24;
    const room =
      select.clientWidth -
      Number.parseFloat(style.paddingLeft) -
      Number.parseFloat(style.paddingRight) -
      arrow;
    const needs = (option: HTMLOptionElement) => Math.ceil(context.measureText(option.text.trim()).width);
    const parent = select.parentElement;
    const parentStyle = parent ? getComputedStyle(parent) : undefined;
    const available =
      parent && parentStyle
        ? parent.clientWidth -
          Number.parseFloat(parentStyle.paddingLeft) -
          Number.parseFloat(parentStyle.paddingRight)
        : width;
    const hasRoom = select.getBoundingClientRect().width < available - 1;
    // With text spacing a select as wide as its column may cut its text: a closed select cannot wrap.
    const chosen = select.selectedOptions[0];
    if (chosen && needs(chosen) > room + 1 && (hasRoom || !textSpacing)) {
      findings.push(
        `${describe(select)} cuts off '${chosen.text.trim()}' (needs ${needs(chosen)}px, has ${room}px)`,
      );
      continue;
    }
    const tooLong = [...select.options].find((option) => needs(option) > room + 1);
    if (tooLong && hasRoom)
      findings.push(
        `${describe(select)} cuts off '${tooLong.text.trim()}' (needs ${needs(tooLong)}px, has ${room}px) though its column has room`,
      );
  }
  return findings;
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
 * Everything found on the page as it is now, at every width in turn, prefixed with the width: the layout
 * checks, axe (at AXE_WIDTHS), and the layout checks again with WCAG's text spacing. The page is resized, as a player turns
 * a tablet or widens a window: the layout is CSS (and media queries the page listens to), so loading it
 * again at the other width would check the same document again at the cost of its scripts and hydration.
 */
export async function findingsAtEveryWidth(page: Page): Promise<string[]> {
  const findings: string[] = [];
  for (const width of WIDTHS) {
    if (page.viewportSize()?.width !== width) {
      await page.setViewportSize({ width, height: 800 });
      // One frame, so that the resize's layout and any listener of a media query have run.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined))));
    }
    const found = [
      ...(await layoutFindings(page)),
      ...(AXE_WIDTHS.includes(width) ? await axeFindings(page) : []),
      ...(await textSpacingFindings(page)),
    ];
    for (const finding of found) findings.push(`${width}px: ${finding}`);
  }
  return findings;
}

/** Opens a page at the first width and returns everything found at each width (`findingsAtEveryWidth`). */
export async function checkPage(page: Page, path: string, { hydrates = true } = {}): Promise<string[]> {
  const findings: string[] = [];
  await page.setViewportSize({ width: WIDTHS[0], height: 800 });
  const response = await page.goto(path, { waitUntil: "load" });
  if (!response || response.status() >= 400) findings.push(`${path} answered ${response?.status()}`);
  // Checked as the player sees it once the page has hydrated (its client-only parts shown); a simulator's
  // page has no scripts.
  if (hydrates)
    await page.locator("html[data-hydrated='true']").waitFor({ state: "attached", timeout: 10_000 });
  return [...findings, ...(await findingsAtEveryWidth(page))];
}
