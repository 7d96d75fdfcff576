import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

const root = fileURLToPath(new URL(".", import.meta.url));

/**
 * First-load JavaScript (decision 9): React, React DOM and React Router in one chunk, and the modules
 * every page's layout needs in another, instead of some twenty small files that each compress alone.
 */
const FRAMEWORK_MODULES =
  /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]|vite[\\/]preload-helper|rolldown[\\/]runtime/;
const SHELL_MODULES = new RegExp(
  [
    "src/components/(shell-context|cms-context)\\.tsx",
    "src/app/client/(app-error-store|app-runtime|chunk-reload|error-reporter|trailing-slash)",
    "src/app/(components|layouts|lib)/",
    "src/cms/render/(block-view|cms-page-view)",
    "blocks/components\\.ts",
    "src/config/public-env",
    "src/features/player/(player-store|account-menu)",
    "src/components/flash/",
    "src/lib/(messages/core|cookie-names|format|report-client-error)",
  ].join("|"),
);

export default defineConfig(({ isSsrBuild }) => ({
  resolve: {
    alias: [{ find: /^@\//, replacement: `${root}` }],
  },
  build: {
    // The client manifest maps block modules to chunks for per-page modulepreload (not served: dotfile).
    manifest: isSsrBuild ? undefined : true,
    // The server build bundles the whole Express app (API, portal, SSR) into one module.
    rollupOptions: isSsrBuild ? { input: "./src/server/index.ts" } : undefined,
    rolldownOptions: isSsrBuild
      ? undefined
      : {
          output: {
            codeSplitting: {
              groups: [
                { name: "framework", test: FRAMEWORK_MODULES, priority: 2 },
                { name: "shell", test: SHELL_MODULES, priority: 1 },
              ],
            },
          },
        },
    minify: isSsrBuild ? false : "terser",
    terserOptions: { module: true, compress: { passes: 2 } },
  },
  server: { host: "127.0.0.1" },
  plugins: [reactRouter()],
}));
