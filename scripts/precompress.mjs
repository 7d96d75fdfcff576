// Runs after `react-router build`: writes brotli (.br) and gzip (.gz) copies of the client's scripts and
// styles next to them, at the highest settings, once. The server sends these instead of compressing
// the same files for every request (src/server/http/static-assets.ts).
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";

const ASSETS = "build/client/assets";
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const files = readdirSync(ASSETS).filter((file) => /\.(js|css|svg|json)$/.test(file));
let written = 0;
await Promise.all(
  files.map(async (file) => {
    const body = readFileSync(path.join(ASSETS, file));
    if (body.length < 1024) return;
    const [br, gz] = await Promise.all([
      brotli(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
      gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION }),
    ]);
    writeFileSync(path.join(ASSETS, `${file}.br`), br);
    writeFileSync(path.join(ASSETS, `${file}.gz`), gz);
    written++;
  }),
);
console.log(`precompressed ${written} assets (brotli and gzip)`);
