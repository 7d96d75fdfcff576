// Runs after `react-router build`: records the build id (from the source hash) for the build endpoints.
import { writeFileSync } from "node:fs";
import { sourceHash } from "./build-state.mjs";

const hash = sourceHash();
const meta = { id: hash.slice(0, 12), sourceHash: hash, builtAt: new Date().toISOString() };
writeFileSync("build/meta.json", `${JSON.stringify(meta, null, 2)}\n`);
console.log(`build ${meta.id} written`);
