import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS } from "./scripts/built-server";

/**
 * Browser journeys in Debian's Chromium (never a downloaded browser). Each worker starts the built shop
 * in-process on 127.0.0.1 (tests/e2e/fixtures.ts); `npm test` builds first.
 */
export default defineConfig({
  testDir: "tests/e2e",
  // On the front end and API server (the production shape) run the journeys of what that shape changes:
  // the portal on another origin and its return addresses, payments and the bank's age check coming back
  // to the shop, gifts and subscriptions through both, the deploy and error handling, the CSP with the API's
  // origin, the CMS. The other features' pages read the API the same way; tests/http/front-end.test.ts
  // renders each of them through the API process. On one process every journey runs. This shortens `npm test`
  // by about two minutes. The layout and accessibility sweep, the mobile header and the hydration checks
  // likewise run once: a page's layout does not depend on where its data comes from.
  testIgnore:
    process.env.E2E_TOPOLOGY === "two-process"
      ? [
          "**/no-javascript*.spec.ts",
          "**/layout.spec.ts",
          "**/mobile-header.spec.ts",
          "**/hydration.spec.ts",
          "**/every-form-before-hydration.spec.ts",
          "**/subscription-changes.spec.ts",
          "**/preferences-loyalty.spec.ts",
          "**/games-of-chance.spec.ts",
          "**/consent.spec.ts",
          "**/promotions.spec.ts",
          "**/results.spec.ts",
        ]
      : undefined,
  fullyParallel: false,
  // Two files at a time, each worker with its own shop and database: a journey waits on the server and the
  // browser as much as it computes (one process 480 -> 420 s). Four workers overload two cores: journeys
  // time out.
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  // A whole journey (register, age check, payment, redemption) takes 15-20 s on a fast machine and over
  // 30 s on a slower one with both workers busy (session 17's CI: two journeys stopped at 30 s on their
  // last step). Each step still fails within its own 7 s.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  use: {
    browserName: "chromium",
    locale: "nl-NL",
    timezoneId: "Europe/Amsterdam",
    // No trace by default: recording one costs every journey about a sixth of its time, even when it is
    // thrown away after a pass (`retain-on-failure`). A failure still leaves its error context (the page's
    // accessibility snapshot) in test-results/; `npx playwright test --trace on` records traces to debug.
    trace: "off",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: CHROMIUM_ARGS,
    },
  },
});
