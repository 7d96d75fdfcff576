import { gzipSync } from "node:zlib";
import { readFileSync } from "node:fs";
import { startBuiltServer } from "./built-server";
const server = await startBuiltServer();
const origin = server.url.replace(/\/$/, "");
for (const p of process.argv.slice(2)) {
  const html = await (await fetch(`${origin}${p}`)).text();
  const files = [...new Set([...html.matchAll(/["'](\/assets\/[^"']+\.js)["']/g)].map((m) => m[1] as string))];
  console.log(`\n${p}`);
  let total = 0;
  const rows = files.map((f) => { const b = readFileSync(`build/client${f}`); const g = gzipSync(b).length; return [f, b.length, g] as const; }).sort((a,b)=>b[2]-a[2]);
  for (const [f, raw, g] of rows) { if (!f.includes("framework") && !f.includes("manifest")) total += g; console.log(`${(g/1024).toFixed(1).padStart(6)} ${(raw/1024).toFixed(1).padStart(7)} ${f}`); }
  console.log(`own ${(total/1024).toFixed(1)} KB`);
}
await server.shutdown();
process.exit(0);
