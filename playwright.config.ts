import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS } from "./scripts/built-server";
import { HEADLESS_CHROMIUM } from "./scripts/ensure-chromium.mjs";
import type { Topology } from "./tests/e2e/fixtures";

/** BOTH_SHAPES of tests/e2e/fixtures.ts (the config does not load the fixtures themselves). */
const BOTH_SHAPES_TAG = /@both-shapes/;

/**
 * Browser journeys in Debian's Chromium, its headless shell (never a downloaded browser; decision 20). Each worker starts the built shop
 * in-process on 127.0.0.1 (tests/e2e/fixtures.ts); `npm test` builds first.
 *
 * Two projects in one run, so that both workers stay busy to the end: `one process` runs every journey on
 * the one embedded process; `front end and API server` (the production shape) runs the journeys tagged
 * BOTH_SHAPES, one for each thing the shape changes: the portal on another origin and its return addresses
 * (registration, a foreign returnUrl, hostile return and cancel addresses), a payment coming back to the
 * shop (a ticket order; a cancelled deposit), the bank's age check coming back (a first checkout; a gift
 * redeemed without an account), a subscription's mandate and first payment, the API over HTTP (the session
 * ended elsewhere, a partner host's credit, the client's errors in the front end's log), and the CSP with
 * the API's origin. Every other journey's flow is the same through either shape and runs once (the layout
 * sweep, hydration, forms' input, client-only behaviour, the other features' pages and payments);
 * tests/http/front-end.test.ts renders each page through the API process. `--project` picks one (`npx playwright test --project "one process"`).
 */
export default defineConfig<object, { topology: Topology }>({
  testDir: "tests/e2e",
  projects: [
    { name: "one process", use: { topology: "single" } },
    { name: "front end and API server", use: { topology: "two-process" }, grep: BOTH_SHAPES_TAG },
  ],
  // Journeys, not files, are shared out between the workers, so that neither waits idle at the end while
  // the other finishes a long file (the every-form sweep, the layout sweep). Each worker has its own shop
  // and database, shared by the journeys it runs; every journey sets up what it needs (action-codes.spec.ts,
  // whose journeys count one address's attempts, runs in order on one worker).
  fullyParallel: true,
  // Two journeys at a time: a journey waits on the server and the browser as much as it computes (one
  // process 480 -> 420 s). Four workers overload two cores: journeys time out.
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
      executablePath: HEADLESS_CHROMIUM,
      args: CHROMIUM_ARGS,
    },
  },
});
