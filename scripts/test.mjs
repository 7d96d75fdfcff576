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
  // checks that it fails on broken content), not a second time as a step of its own. With a PostgreSQL
  // server at hand (TEST_DATABASE_URL; CI starts one), the same run also runs the API suite and the shop as
  // two processes on it (vitest.config.ts), side by side with the rest.
  ["unit, component, API and HTTP tests (and on PostgreSQL)", "npx", ["vitest", "run"]],
  // One Playwright run, two projects: every journey on one process, and the journeys whose flow the
  // production shape changes on a front end with API_ORIGIN and PORTAL_ORIGIN over HTTP to the API server
  // (playwright.config.ts); both workers stay busy to the end.
  ["browser journeys (one process; front end and API server)", "npx", ["playwright", "test"]],
];

/**
 * Runs a command with its output held back: the child, and a promise of its exit status and output.
 * Started detached, in a process group of its own, so `stop` ends the command with everything it started.
 */
function runQuietly(command, args, env) {
  const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  const output = [];
  child.stdout.on("data", (chunk) => output.push(chunk));
  child.stderr.on("data", (chunk) => output.push(chunk));
  const done = new Promise((resolve) => {
    child.on("close", (status, signal) => resolve({ status, signal, output: Buffer.concat(output) }));
  });
  const stop = () => {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // already ended
    }
  };
  return { done, stop };
}

const seconds = (started) => ((Date.now() - started) / 1000).toFixed(1);

/** Every step sees TEST_DATABASE_URL: the suites that run on PostgreSQL too read it (vitest.config.ts). */
function envFor(_name, extraEnv = {}) {
  return { ...process.env, FORCE_COLOR: "0", ...extraEnv };
}

/** Prints how a step ended; true when it passed. */
function reportEnd(name, started, status, signal) {
  if (status === 0) console.log(`=== ${name}: ok in ${seconds(started)} s ===`);
  else console.error(`\n${name} failed (exit ${status ?? signal})`);
  return status === 0;
}

ensureChromium();
{
  // The first check to fail ends the run at once: its output is printed, and the exit stops the others.
  const started = Date.now();
  const running = checks.map(([name, command, args]) => ({
    name,
    ...runQuietly(command, args, envFor(name)),
  }));
  // The checks run in process groups of their own, so an interrupted `npm test` stops them itself.
  const stopAll = () => {
    for (const check of running) check.stop();
  };
  const interrupted = () => {
    stopAll();
    process.exit(130);
  };
  process.on("exit", stopAll);
  process.on("SIGINT", interrupted);
  process.on("SIGTERM", interrupted);
  await new Promise((allPassed) => {
    let left = running.length;
    for (const check of running) {
      check.done.then((result) => {
        console.log(`\n=== ${check.name} ===`);
        process.stdout.write(result.output);
        if (!reportEnd(check.name, started, result.status, result.signal)) process.exit(result.status ?? 1);
        left -= 1;
        if (left === 0) allPassed();
      });
    }
  });
  process.off("exit", stopAll);
  process.off("SIGINT", interrupted);
  process.off("SIGTERM", interrupted);
}
for (const [name, command, args, extraEnv = {}] of steps) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit", env: envFor(name, extraEnv) });
  if (!reportEnd(name, started, result.status, result.signal)) process.exit(result.status ?? 1);
}
