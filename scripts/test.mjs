// `npm test`: every check CI runs, stopping at the first failing step.
import { spawn, spawnSync } from "node:child_process";
import { ensureChromium } from "./ensure-chromium.mjs";

/**
 * Run side by side first: the type checker uses one core, the build mostly the other (together about
 * 53 s instead of 88 s on two cores). Each one's output is printed when it ends, not interleaved.
 */
const checks = [
  ["typecheck", "npm", ["run", "typecheck"]],
  ["lint", "npm", ["run", "lint"]],
  ["build", "npm", ["run", "build"]],
];

const steps = [
  // The content check of content/ runs in the HTTP suite (tests/http/content-check.test.ts, which also
  // checks that it fails on broken content), not a second time as a step of its own.
  ["unit, component and HTTP tests", "npx", ["vitest", "run"]],
  ["browser journeys (one process)", "npx", ["playwright", "test"]],
  // The production shape: a front end with API_ORIGIN and PORTAL_ORIGIN over HTTP to the API server.
  [
    "browser journeys (front end and API server)",
    "npx",
    ["playwright", "test"],
    { E2E_TOPOLOGY: "two-process" },
  ],
];

// With a PostgreSQL server at hand (CI starts one), the API integration suite runs on it too, and so
// does the shop as two processes (WEB_CONCURRENCY, which needs PostgreSQL).
if (process.env.TEST_DATABASE_URL) {
  steps.splice(
    1,
    0,
    // The fuzz test checks input validation, which is the same on either database: it runs on PGlite only.
    [
      "API integration tests on PostgreSQL",
      "npx",
      ["vitest", "run", "--project", "api", "--exclude", "src/api/server/openapi-fuzz.integration.test.ts"],
    ],
    [
      "two processes on PostgreSQL",
      "npx",
      ["vitest", "run", "--project", "http", "tests/http/cluster.test.ts"],
    ],
  );
}

/** Runs a command with its output held back; resolves with its exit status and output. */
function runQuietly(command, args, env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    const output = [];
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    child.on("close", (status, signal) => resolve({ status, signal, output: Buffer.concat(output) }));
  });
}

const seconds = (started) => ((Date.now() - started) / 1000).toFixed(1);

/** The default run uses PGlite; only the PostgreSQL steps see TEST_DATABASE_URL. */
function envFor(name, extraEnv = {}) {
  const env = { ...process.env, FORCE_COLOR: "0", ...extraEnv };
  if (!name.includes("PostgreSQL")) delete env.TEST_DATABASE_URL;
  return env;
}

/** Prints how a step ended; true when it passed. */
function reportEnd(name, started, status, signal) {
  if (status === 0) console.log(`=== ${name}: ok in ${seconds(started)} s ===`);
  else console.error(`\n${name} failed (exit ${status ?? signal})`);
  return status === 0;
}

ensureChromium();
{
  const started = Date.now();
  const results = await Promise.all(
    checks.map(async ([name, command, args]) => {
      const result = await runQuietly(command, args, envFor(name));
      console.log(`\n=== ${name} ===`);
      process.stdout.write(result.output);
      return { ok: reportEnd(name, started, result.status, result.signal), status: result.status };
    }),
  );
  const failed = results.find((result) => !result.ok);
  if (failed) process.exit(failed.status ?? 1);
}
for (const [name, command, args, extraEnv = {}] of steps) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit", env: envFor(name, extraEnv) });
  if (!reportEnd(name, started, result.status, result.signal)) process.exit(result.status ?? 1);
}
