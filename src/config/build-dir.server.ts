import path from "node:path";

/** Where `npm run build` writes the client, the server and the prerendered pages (relative to the start directory). */
export const BUILD_DIR = path.resolve("build");
