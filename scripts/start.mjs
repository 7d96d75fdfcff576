// `npm start`: builds when build/ is missing or older than the sources, then serves the shop.
import { spawnSync } from "node:child_process";
import { readBuildMeta, sourceHash } from "./build-state.mjs";

const meta = readBuildMeta();
if (!meta || meta.sourceHash !== sourceHash()) {
  console.log(meta ? "Sources changed since the last build: building..." : "No build yet: building...");
  const result = spawnSync("npm", ["run", "build"], {
    stdio: "inherit",
    shell: process.platform === "win32",
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import("../server.mjs");
