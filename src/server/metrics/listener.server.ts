import { createServer, type Server } from "node:http";
import type { Logger } from "pino";
import type { Registry } from "prom-client";

export type MetricsListener = { url: string; close: () => Promise<void> };

/**
 * The metrics listener (decision 23): its own port, on 127.0.0.1 unless METRICS_HOST says otherwise,
 * answering `GET /metrics` only (404 for any other path, 405 for another method). A port already taken
 * is a warning, never a reason for the shop not to start.
 */
export async function startMetricsListener(options: {
  port: number;
  host: string;
  /** What a scrape reads: a process's registry, or the cluster's aggregate (cluster.server.ts). */
  registry: Pick<Registry, "contentType" | "metrics">;
  logger: Logger;
}): Promise<MetricsListener | undefined> {
  const { registry, logger } = options;
  const server = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    if (path !== "/metrics") {
      res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Not found\n");
      return;
    }
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { Allow: "GET, HEAD", "Content-Type": "text/plain; charset=utf-8" }).end();
      return;
    }
    registry.metrics().then(
      (text) => {
        res.writeHead(200, { "Content-Type": registry.contentType, "Cache-Control": "no-store" });
        res.end(req.method === "HEAD" ? undefined : text);
      },
      (error: unknown) => {
        logger.warn({ err: error }, "metrics: the scrape failed");
        res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" }).end("Metrics unavailable\n");
      },
    );
  });
  try {
    await listenOn(server, options.port, options.host);
  } catch (error) {
    logger.warn({ err: error, port: options.port, host: options.host }, "metrics listener not started");
    return undefined;
  }
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : options.port;
  const url = `http://${options.host.includes(":") ? `[${options.host}]` : options.host}:${port}/metrics`;
  logger.info({ url }, "metrics listening");
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function listenOn(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
}
