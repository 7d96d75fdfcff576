// The bench's strongest baseline (issue 21): a bare `node:http` server that answers every request with
// one recorded answer, its exact bytes and headers, and does nothing else. Usage (from scripts/bench.ts):
// `node scripts/bare-server.mjs <port> <answer.json>`, where the file holds `{ headers, bodyBase64 }`.
import { readFileSync } from "node:fs";
import http from "node:http";

const [port, file] = process.argv.slice(2);
const answer = JSON.parse(readFileSync(file, "utf8"));
const body = Buffer.from(answer.bodyBase64, "base64");
const headers = { ...answer.headers, "content-length": String(body.length) };

const server = http.createServer((_req, res) => {
  res.writeHead(200, headers);
  res.end(body);
});
server.keepAliveTimeout = 65_000;
server.listen(Number(port), "127.0.0.1", () => process.send?.("listening"));
