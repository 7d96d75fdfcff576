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
 * A PostgreSQL server for the suites that also run on it (`TEST_DATABASE_URL`, which CI sets): with one,
 * the API suite and the two-process HTTP test run a second time on it, in the same run as everything else,
 * so the two workers stay busy to the end instead of a second run starting after the first.
 */
const POSTGRES_URL = process.env.TEST_DATABASE_URL;

const API_SUITE = {
  environment: "node",
  isolate: false,
  include: ["src/**/*.integration.test.ts"],
  setupFiles: ["tests/setup/fail-on-console-error.ts"],
  testTimeout: 60_000,
  hookTimeout: 60_000,
};

const HTTP_SUITE = {
  environment: "node",
  isolate: false,
  // Load the built server with Node itself, as `npm start` does, so it shares one react-router.
  server: { deps: { external: [/\/build\/server\//] } },
  include: ["tests/http/**/*.test.ts"],
  setupFiles: ["tests/setup/fail-on-console-error.ts"],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

/**
 * The suites: `unit` (node), `component` (jsdom + Testing Library; `component-mocking` for the files that
 * replace modules), `api` (the API on a real database) and `http` (the built server on an ephemeral
 * port; needs `npm run build` first, which `npm test` does); with TEST_DATABASE_URL also `api on
 * PostgreSQL` and `two processes on PostgreSQL`.
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
          // Each file in a VM context of its own (its modules and replacements apart) inside long-lived
          // worker threads: jsdom and node_modules are loaded once per thread, not once per file as in a
          // fork per file (these 30 files: 53 s -> 21 s on two cores).
          pool: "vmThreads",
          include: MOCKING_COMPONENT_TESTS,
          setupFiles: ["tests/setup/fail-on-console-error.ts", "tests/setup/dom.ts"],
        },
      },
      {
        resolve: { alias },
        test: {
          // The API against a real database: PGlite here; `api on PostgreSQL` below runs it on the server.
          name: "api",
          ...API_SUITE,
          env: { TEST_DATABASE_URL: "" },
        },
      },
      ...(POSTGRES_URL
        ? [
            {
              resolve: { alias },
              test: {
                // The same suite on PostgreSQL (CI starts one): PGlite is more forgiving than the real server.
                // The fuzz test checks input validation, which is the same on either database: PGlite only;
                name: "api on PostgreSQL",
                ...API_SUITE,
                // The migrated-archive test is PGlite's own, and a suite named `*.pglite.integration.test.ts`
                // opens an embedded PGlite whatever TEST_DATABASE_URL says: here it would run the same again.
                exclude: [
                  "**/node_modules/**",
                  "src/backend/api/openapi-fuzz.integration.test.ts",
                  "src/backend/db/migrated-snapshot.server.integration.test.ts",
                  "src/**/*.pglite.integration.test.ts",
                ],
                env: { TEST_DATABASE_URL: POSTGRES_URL },
              },
            },
            {
              resolve: { alias },
              test: {
                // The shop as two processes sharing the database (WEB_CONCURRENCY needs PostgreSQL).
                name: "two processes on PostgreSQL",
                ...HTTP_SUITE,
                include: ["tests/http/cluster.test.ts"],
                env: { TEST_DATABASE_URL: POSTGRES_URL },
              },
            },
          ]
        : []),
      {
        resolve: { alias },
        test: { name: "http", ...HTTP_SUITE, env: { TEST_DATABASE_URL: "" } },
      },
    ],
  },
});
