import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

const root = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig(({ isSsrBuild }) => ({
  resolve: {
    alias: [{ find: /^@\//, replacement: `${root}` }],
  },
  build: {
    // The client manifest maps block modules to chunks for per-page modulepreload (not served: dotfile).
    manifest: isSsrBuild ? undefined : true,
    // The server build bundles the whole Express app (API, portal, SSR) into one module.
    rollupOptions: isSsrBuild ? { input: "./src/server/index.ts" } : undefined,
  },
  server: { host: "127.0.0.1" },
  plugins: [reactRouter()],
}));
