import http from "node:http";
import https from "node:https";
import type { RequestHandler } from "express";
import { sendProblem } from "@/src/backend/http/send-problem";
import { problem } from "@/src/contract/problem";
import { injectTraceContext } from "../tracing/trace-context.server";

const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-authenticate",
  "proxy-authorization",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
  "host",
]);

/**
 * With API_ORIGIN set (DESIGN section 3), `/api/*` goes to the operator's API instead of the embedded one:
 * method, path, query, headers (cookies and the anti-forgery token included) and body stream through.
 */
export function apiProxy(origin: string): RequestHandler {
  const upstream = new URL(origin);
  const transport = upstream.protocol === "https:" ? https : http;
  const agent = new transport.Agent({ keepAlive: true, maxSockets: 256 });
  return (req, res) => {
    const headers: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(req.headers)) if (!HOP_BY_HOP.has(name)) headers[name] = value;
    headers["x-forwarded-host"] = req.get("host");
    headers["x-forwarded-proto"] = req.protocol;
    // The API continues this request's trace, not the one the browser may have named (decision 24).
    delete headers.traceparent;
    delete headers.tracestate;
    injectTraceContext(headers);
    const outgoing = transport.request(
      {
        protocol: upstream.protocol,
        hostname: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: upstream.pathname.replace(/\/$/, "") + req.originalUrl,
        headers,
        agent,
        timeout: 15_000,
      },
      (incoming) => {
        const responseHeaders = Object.fromEntries(
          Object.entries(incoming.headers).filter(([name]) => !HOP_BY_HOP.has(name)),
        );
        res.writeHead(incoming.statusCode ?? 502, responseHeaders);
        incoming.pipe(res);
      },
    );
    outgoing.on("timeout", () => outgoing.destroy(new Error("upstream timeout")));
    outgoing.on("error", (error) => {
      res.locals.log?.error({ err: error }, "API upstream failed");
      if (!res.headersSent) sendProblem(res, problem(502));
      else res.end();
    });
    req.pipe(outgoing);
  };
}
