import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

const root = fileURLToPath(new URL(".", import.meta.url));

/**
 * The composer's own build (issue 44, decision 26): an editor's single-page app under /redactie with
 * Puck, built apart from the shop into build/composer, so no shop page's chunks or route manifest ever
 * name it. The server sends its index.html to logged-in editors only.
 */
export default defineConfig({
  root: path.join(root, "src/shop/slices/composer"),
  base: "/redactie/",
  resolve: { alias: [{ find: /^@\//, replacement: root }] },
  publicDir: false,
  build: {
    outDir: path.join(root, "build/composer"),
    emptyOutDir: true,
    assetsDir: "assets",
    target: "es2022",
  },
  logLevel: "warn",
});
