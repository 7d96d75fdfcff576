import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = fileURLToPath(new URL(".", import.meta.url));
const alias = [{ find: /^@\//, replacement: root }];

/**
 * Three suites: `unit` (node), `component` (jsdom + Testing Library) and `http` (the built server on an
 * ephemeral port; needs `npm run build` first, which `npm test` does).
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
          include: ["src/**/*.test.tsx", "blocks/**/*.test.tsx"],
          setupFiles: ["tests/setup/fail-on-console-error.ts", "tests/setup/dom.ts"],
        },
      },
      {
        resolve: { alias },
        test: {
          // The API against a real database: PGlite by default, PostgreSQL when TEST_DATABASE_URL is set.
          name: "api",
          environment: "node",
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
