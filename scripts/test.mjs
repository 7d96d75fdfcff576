// `npm test`: every check CI runs, in order, stopping at the first failure.
import { spawnSync } from "node:child_process";
import { ensureChromium } from "./ensure-chromium.mjs";

const steps = [
  ["typecheck", "npm", ["run", "typecheck"]],
  ["lint", "npm", ["run", "lint"]],
  ["build", "npm", ["run", "build"]],
  ["unit, component and HTTP tests", "npx", ["vitest", "run"]],
  ["browser journeys", "npx", ["playwright", "test"]],
];

ensureChromium();
for (const [name, command, args] of steps) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, FORCE_COLOR: "0" } });
  if (result.status !== 0) {
    console.error(`\n${name} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
  console.log(`=== ${name}: ok in ${((Date.now() - started) / 1000).toFixed(1)} s ===`);
}
