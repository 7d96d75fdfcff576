import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = fileURLToPath(new URL(".", import.meta.url));
const alias = [{ find: /^@\//, replacement: root }];

const COMPONENT_TEST_FOLDERS = ["src", "blocks"];
const COMPONENT_TESTS = COMPONENT_TEST_FOLDERS.map((folder) => `${folder}/**/*.test.tsx`);
/**
 * Component tests that replace modules (`vi.mock`) run each in a fresh module graph; the others share
 * one per worker. A module one file replaces would otherwise be the replaced one, or the real one, in the
 * next file, depending on the order (5 tests in 2 files failed so).
 */
const replacesModules = (file: string) => /\bvi\.(do)?[mM]ock\(/.test(readFileSync(file, "utf8"));
const MOCKING_COMPONENT_TESTS = COMPONENT_TEST_FOLDERS.flatMap((folder) =>
  readdirSync(`${root}${folder}`, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".test.tsx") && replacesModules(`${root}${folder}/${file}`))
    .map((file) => `${folder}/${file}`),
);

/**
 * The suites: `unit` (node), `component` (jsdom + Testing Library; `component-mocking` for the files that
 * replace modules), `api` (the API on a real database) and `http` (the built server on an ephemeral
 * port; needs `npm run build` first, which `npm test` does).
 *
 * Test files share a module graph per worker (`isolate: false`) except where they replace modules:
 * loading the modules again for every file was about half of the suites' time (401 s -> 210 s on two
 * cores). Every file starts its own servers and databases; module-level state (stores, caches) is shared
 * by a worker's files, and the suites pass with the files in shuffled order (`--sequence.shuffle.files`).
 */
export default defineConfig({
  resolve: { alias },
  test: {
    // Vitest leaves one core free by default, which on a two-core machine is one test file at a time;
    // most files wait on a server or a database as much as they compute, so two run side by side.
    maxWorkers: 2,
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          environment: "node",
          isolate: false,
          include: [
            "src/**/*.test.ts",
            "blocks/**/*.test.ts",
            "content-models/**/*.test.ts",
            "scripts/**/*.test.ts",
          ],
          // The integration tests are the `api` suite's; without this they would run twice.
          exclude: ["**/node_modules/**", "src/**/*.integration.test.ts"],
          setupFiles: ["tests/setup/fail-on-console-error.ts"],
        },
      },
      {
        resolve: { alias },
        test: {
          name: "component",
          environment: "jsdom",
          isolate: false,
          include: COMPONENT_TESTS,
          exclude: ["**/node_modules/**", ...MOCKING_COMPONENT_TESTS],
          setupFiles: ["tests/setup/fail-on-console-error.ts", "tests/setup/dom.ts"],
        },
      },
      {
        resolve: { alias },
        test: {
          name: "component-mocking",
          environment: "jsdom",
          include: MOCKING_COMPONENT_TESTS,
          setupFiles: ["tests/setup/fail-on-console-error.ts", "tests/setup/dom.ts"],
        },
      },
      {
        resolve: { alias },
        test: {
          // The API against a real database: PGlite by default, PostgreSQL when TEST_DATABASE_URL is set.
          name: "api",
          environment: "node",
          isolate: false,
          include: ["src/**/*.integration.test.ts"],
          setupFiles: ["tests/setup/fail-on-console-error.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "http",
          environment: "node",
          isolate: false,
          // Load the built server with Node itself, as `npm start` does, so it shares one react-router.
          server: { deps: { external: [/\/build\/server\//] } },
          include: ["tests/http/**/*.test.ts"],
          setupFiles: ["tests/setup/fail-on-console-error.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
