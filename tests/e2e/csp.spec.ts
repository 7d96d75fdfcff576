import type { Page, Response } from "@playwright/test";
import { BOTH_SHAPES, expect, test, waitForHydration } from "./fixtures";

/**
 * Pages sent to everyone (the page cache, the prerendered pages) carry no nonce; their policy allows the
 * inline scripts by hash and, through `'strict-dynamic'`, the modules those import (issue 13). In
 * Chromium they must still hydrate and load further chunks with no violation of the policy.
 */
type Violations = Array<{ directive: string; blockedURI: string; sample: string }>;

/** Records every CSP violation of the page from the first script on (an init script is not subject to CSP). */
async function recordViolations(page: Page): Promise<() => Promise<Violations>> {
  await page.addInitScript(() => {
    const seen: Violations = [];
    (window as unknown as { __cspViolations: Violations }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => {
      seen.push({ directive: event.effectiveDirective, blockedURI: event.blockedURI, sample: event.sample });
    });
  });
  return () => page.evaluate(() => (window as unknown as { __cspViolations: Violations }).__cspViolations);
}

/** The document came with a hash-based policy and not one nonce, in its header or its markup. */
async function expectSharedPage(response: Response | null): Promise<void> {
  expect(response).not.toBeNull();
  const policy = response?.headers()["content-security-policy"] ?? "";
  expect(policy).toContain("'strict-dynamic'");
  expect(policy).toMatch(/'sha256-/);
  expect(policy).not.toContain("'nonce-");
  expect(await response?.text()).not.toMatch(/\snonce=/);
}

test("a prerendered page hydrates, runs its blocks and navigates client-side under its hash policy", {
  tag: BOTH_SHAPES,
}, async ({ page, consoleErrors }) => {
  const violations = await recordViolations(page);
  const response = await page.goto("/oudejaarstrekking");
  expect(response?.headers()["x-cache"]).toBe("STALE"); // the built HTML, before any render
  await expectSharedPage(response);
  await waitForHydration(page);

  // A chunk loaded later (the next page's route module) is allowed through the hashed entry script.
  await page.evaluate(() => {
    (window as unknown as { __samePage: boolean }).__samePage = true;
  });
  await page.getByRole("navigation", { name: "Hoofdmenu" }).getByRole("link", { name: "Loten" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Loten kopen" })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);

  expect(await violations()).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test("the home page (prerendered, then cached) runs its lazily loaded countdown and its FAQ with no CSP violation", async ({
  page,
  consoleErrors,
}) => {
  const violations = await recordViolations(page);
  await expectSharedPage(await page.goto("/"));
  await waitForHydration(page);
  await page.locator(".faq__item summary").first().click();
  await expect(page.locator(".faq__item").first()).toHaveAttribute("open", "");
  await expect(page.locator(".countdown__clock")).toContainText(/dag|uur|minu/);
  expect(await violations()).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test("a page from the page cache hydrates and navigates client-side under its hash policy", async ({
  page,
  consoleErrors,
}) => {
  const violations = await recordViolations(page);
  await page.request.get("/veelgestelde-vragen"); // fills the cache
  const response = await page.goto("/veelgestelde-vragen");
  expect(response?.headers()["x-cache"]).toBe("HIT");
  await expectSharedPage(response);
  await waitForHydration(page);

  await page.evaluate(() => {
    (window as unknown as { __samePage: boolean }).__samePage = true;
  });
  await page
    .getByRole("navigation", { name: "Hoofdmenu" })
    .getByRole("link", { name: "Trekkingsuitslag" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Trekkingsuitslag" })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);

  expect(await violations()).toEqual([]);
  expect(consoleErrors).toEqual([]);
});
