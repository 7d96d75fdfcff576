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
    "src/shop/components/(shell-context|cms-context|deferred-hydration)\\.tsx",
    "src/shop/app/client/(app-error-store|app-runtime|error-reporter|trailing-slash)",
    // Not the payment result pages' polling (payment-pending, use-poll-while-pending): only they use it.
    "src/shop/app/(components/(error-page|page-frame)|layouts/)",
    "src/shop/cms/render/(block-view|cms-page-view)",
    "blocks/components\\.ts",
    "src/config/public-env",
    "src/shop/components/flash/",
    "src/lib/flash/",
    "src/lib/(messages/core|cookie-names|format|amsterdam-time|chunk-reload|load-once|report-client-error)",
  ].join("|"),
);

/**
 * Chunks whose functions nearly all run as the page starts (issue 21): V8 compiles a function when it is
 * first called, on the main thread, unless the file asks for all of them up front with the explicit compile
 * hint `//# allFunctionsCalledOnLoad` (Chrome 136 and later). Then they are compiled while the file
 * streams in, on a background thread, and the long task that starts hydration is shorter.
 */
const EAGER_CHUNKS = /^(framework|shell)$/;

const MESSAGE_MODULES = /src[\\/]lib[\\/]messages(\.ts$|[\\/])/;

export default defineConfig(({ isSsrBuild }) => ({
  resolve: {
    alias: [{ find: /^@\//, replacement: `${root}` }],
  },
  build: {
    // The client manifest maps block modules to chunks for per-page modulepreload (not served: dotfile).
    manifest: isSsrBuild ? undefined : true,
    // The server build bundles the whole Express app (API, portal, SSR) into one module, and apart from it
    // the cluster primary's metrics listener (server.mjs loads only that one in the primary; React Router
    // names every entry after `index.js`, so server.mjs finds it in build/server/.vite/manifest.json).
    rollupOptions: isSsrBuild
      ? {
          input: {
            index: "./src/server/index.ts",
            "cluster-metrics": "./src/server/metrics/cluster-primary.server.ts",
          },
        }
      : undefined,
    rolldownOptions: isSsrBuild
      ? undefined
      : {
          // The message catalogue's modules only declare texts. Marked free of side effects, a chunk that
          // takes one text from the barrel (`src/lib/messages.ts`) no longer imports the chunk that holds
          // the barrel's other areas (4.1 KB of action code and subscription texts on the home page).
          treeshake: { moduleSideEffects: (id: string) => !MESSAGE_MODULES.test(id) },
          output: {
            // After minification, which would drop the comment; it must be the file's first line.
            postBanner: (chunk: { name: string }) =>
              EAGER_CHUNKS.test(chunk.name) ? "//# allFunctionsCalledOnLoad" : "",
            codeSplitting: {
              groups: [
                { name: "framework", test: FRAMEWORK_MODULES, priority: 2 },
                { name: "shell", test: SHELL_MODULES, priority: 1 },
              ],
            },
          },
        },
    // The shell's dynamic imports (the block registry's some twenty blocks, the basket header, the consent
    // settings) name no chunks to preload with them: that list went to every page's first load (0.9 KB
    // gzip). A CMS page names its blocks' chunks itself (`CmsPageView`'s modulepreload, from the page's
    // data or `_payload.json`), the others import nothing the shell has not loaded.
    modulePreload: {
      resolveDependencies: (_file: string, deps: string[], { hostId }: { hostId: string }) =>
        /(^|\/)shell-[\w-]+\.js$/.test(hostId) ? [] : deps,
    },
    minify: isSsrBuild ? false : "terser",
    terserOptions: { module: true, compress: { passes: 2 } },
  },
  server: { host: "127.0.0.1" },
  plugins: [reactRouter()],
}));
