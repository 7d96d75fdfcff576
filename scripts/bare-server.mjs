// The bench's strongest baseline for cached pages (issue 21): a bare `node:http` server that answers each
// path with one recorded answer (its exact bytes and headers) and does nothing else: no routing, no
// logging, no lookups. `node scripts/bare-server.mjs <port> <answers.json>`, the file holding
// `{ "/path": { "headers": {...}, "bodyBase64": "..." } }`; it sends "listening" to its parent when ready.
import { readFileSync } from "node:fs";
import http from "node:http";

const [port, file] = process.argv.slice(2);
const answers = new Map(
  Object.entries(JSON.parse(readFileSync(file, "utf8"))).map(([path, answer]) => {
    const body = Buffer.from(answer.bodyBase64, "base64");
    return [path, { body, headers: { ...answer.headers, "content-length": String(body.length) } }];
  }),
);

const server = http.createServer((req, res) => {
  const answer = answers.get(req.url);
  if (!answer) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, answer.headers);
  res.end(answer.body);
});
server.keepAliveTimeout = 65_000;
server.listen(Number(port), "127.0.0.1", () => process.send?.("listening"));
