import { type ChildProcess, spawn } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../support/listen";
import { startTestShop, TEST_SESSION_SECRET } from "../support/shop-server";
import { until } from "../support/until";

/**
 * Traces on the production shape (decision 24): a front end (API_ORIGIN, PORTAL_ORIGIN) and the API
 * process (SERVE=api), each its own `node server.mjs`, their JSON log lines read from stdout, their spans
 * sent by OTLP (JSON over HTTP) to a receiver in this test.
 */
const TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";
const CALLER_SPAN = "00f067aa0ba902b7";

type LogLine = Record<string, unknown>;
type ExportedSpan = { service: string; name: string; traceId: string; spanId: string; parentSpanId?: string };

type Shop = { url: string; process: ChildProcess; lines: () => LogLine[] };

function parsedLines(chunks: string[]): LogLine[] {
  return chunks
    .join("")
    .split("\n")
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as LogLine];
      } catch {
        return [];
      }
    });
}

async function startShop(env: Record<string, string>, port?: number): Promise<Shop> {
  port ??= await freePort();
  const url = `http://127.0.0.1:${port}`;
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith("OTEL_")),
  );
  const child = spawn(process.execPath, ["server.mjs"], {
    env: {
      ...inherited,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      BASE_URL: url,
      LOG_LEVEL: "info",
      SESSION_SECRET: TEST_SESSION_SECRET,
      METRICS_PORT: "off",
      PGLITE_DATA_DIR: "memory://",
      JOBS: "off",
      DATABASE_URL: "",
      OTEL_BSP_SCHEDULE_DELAY: "100",
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const chunks: string[] = [];
  child.stdout?.on("data", (chunk: Buffer) => chunks.push(chunk.toString("utf8")));
  const lines = () => parsedLines(chunks);
  await until(
    () => lines().some((line) => line.msg === "Kroonloterij webshop listening"),
    `a shop on ${url}`,
    {
      attempts: 300,
    },
  );
  return { url, process: child, lines };
}

/** An OTLP/HTTP receiver of JSON traces, keeping every span with its process's `service.name`. */
async function startReceiver() {
  const spans: ExportedSpan[] = [];
  const contentTypes = new Set<string>();
  const server = http.createServer((req, res) => {
    const body: Buffer[] = [];
    req.on("data", (chunk: Buffer) => body.push(chunk));
    req.on("end", () => {
      contentTypes.add(`${req.method} ${req.url} ${req.headers["content-type"]}`);
      const payload = JSON.parse(Buffer.concat(body).toString("utf8")) as {
        resourceSpans: Array<{
          resource: { attributes: Array<{ key: string; value: { stringValue?: string } }> };
          scopeSpans: Array<{ spans: Array<Omit<ExportedSpan, "service">> }>;
        }>;
      };
      for (const resourceSpans of payload.resourceSpans) {
        const service =
          resourceSpans.resource.attributes.find((attribute) => attribute.key === "service.name")?.value
            .stringValue ?? "";
        for (const scope of resourceSpans.scopeSpans)
          for (const span of scope.spans) spans.push({ service, ...span });
      }
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, spans, contentTypes, close: () => server.close() };
}

let receiver: Awaited<ReturnType<typeof startReceiver>>;
let api: Shop;
let front: Shop;
const started: Shop[] = [];

beforeAll(async () => {
  receiver = await startReceiver();
  const frontPort = await freePort();
  const frontOrigin = `http://127.0.0.1:${frontPort}`;
  api = await startShop({
    SERVE: "api",
    SHOP_ORIGINS: frontOrigin,
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
  });
  started.push(api);
  front = await startShop(
    { API_ORIGIN: api.url, PORTAL_ORIGIN: api.url, OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url },
    frontPort,
  );
  started.push(front);
}, 90_000);

afterAll(() => {
  for (const shop of started) if (shop.process.exitCode === null) shop.process.kill("SIGKILL");
  receiver?.close();
});

/** The front end's log line of the request to `path`, once written. */
async function frontRequestLine(path: string): Promise<LogLine> {
  let found: LogLine | undefined;
  await until(() => {
    found = front.lines().find((line) => line.msg === "request" && line.url === path);
    return Boolean(found);
  }, `the front end's log line of ${path}`);
  return found as LogLine;
}

/** The API's log lines of one trace: the front end's calls made while rendering a page. */
async function apiLinesOf(traceId: string): Promise<LogLine[]> {
  await until(
    () => api.lines().some((line) => line.trace_id === traceId && line.msg === "request"),
    "the API's log lines of the trace",
  );
  return api.lines().filter((line) => line.trace_id === traceId);
}

describe("a page rendered by the front end from the API process", () => {
  it("continues the caller's trace: the API's log lines name the trace id of the front end's request", async () => {
    // A query string bypasses the page cache: the page is rendered, and reads the API.
    const response = await fetch(`${front.url}/?trace=known`, {
      headers: { traceparent: `00-${TRACE_ID}-${CALLER_SPAN}-01` },
    });
    expect(response.status).toBe(200);
    expect((await frontRequestLine("/?trace=known")).trace_id).toBe(TRACE_ID);
    const apiLines = await apiLinesOf(TRACE_ID);
    expect(apiLines.filter((line) => String(line.url).startsWith("/api/")).length).toBeGreaterThan(0);
    // The front end's request span is the parent the API was told of, never the caller's own span.
    expect(apiLines.every((line) => typeof line.span_id === "string" && line.span_id !== CALLER_SPAN)).toBe(
      true,
    );
  });

  it("starts a trace of its own without a traceparent (or with an invalid one), carried on to the API", async () => {
    // The browser's API calls go through the front end's proxy, which names the front end's trace.
    for (const [path, headers] of [
      ["/api/token?trace=none", {}],
      ["/api/token?trace=invalid", { traceparent: "00-not-a-trace-01" }],
    ] as const) {
      const response = await fetch(`${front.url}${path}`, { headers });
      expect(response.status).toBe(200);
      const traceId = (await frontRequestLine(path)).trace_id;
      expect(traceId).toMatch(/^[0-9a-f]{32}$/);
      expect(traceId).not.toBe(TRACE_ID);
      const apiLines = await apiLinesOf(String(traceId));
      expect(apiLines.map((line) => line.url)).toContain(path);
    }
  });

  it("exports one trace across both processes: server, CMS, API call, API operation and database spans", async () => {
    const spansOf = () => receiver.spans.filter((span) => span.traceId === TRACE_ID);
    await until(
      () => spansOf().some((span) => span.service === "kroonloterij-webshop" && span.name === "GET /"),
      "the front end's spans",
    );
    const byId = new Map(spansOf().map((span) => [span.spanId, span]));
    const parentOf = (span: ExportedSpan) => (span.parentSpanId ? byId.get(span.parentSpanId) : undefined);

    const page = spansOf().find((span) => span.service === "kroonloterij-webshop" && span.name === "GET /");
    expect(page?.parentSpanId).toBe(CALLER_SPAN);
    const cms = spansOf().find((span) => span.name.startsWith("cms "));
    expect(cms && parentOf(cms)).toBe(page);

    await until(
      () => spansOf().some((span) => span.service === "kroonloterij-api" && span.name.startsWith("api ")),
      "the API's spans",
    );
    const apiServer = spansOf().find(
      (span) => span.service === "kroonloterij-api" && span.name.startsWith("GET /api/"),
    );
    const call = apiServer && byId.get(apiServer.parentSpanId ?? "");
    expect(call?.service).toBe("kroonloterij-webshop");
    expect(call?.name).toBe(apiServer?.name);
    expect(call && parentOf(call)).toBe(page);

    await until(() => {
      const all = new Map(spansOf().map((span) => [span.spanId, span]));
      return spansOf().some(
        (span) => span.name === "SELECT" && all.get(span.parentSpanId ?? "")?.name.startsWith("api "),
      );
    }, "a database span under an API operation");
    const all = new Map(spansOf().map((span) => [span.spanId, span]));
    const query = spansOf().find(
      (span) => span.name === "SELECT" && all.get(span.parentSpanId ?? "")?.name.startsWith("api "),
    ) as ExportedSpan;
    const operation = all.get(query.parentSpanId ?? "") as ExportedSpan;
    expect(query.service).toBe("kroonloterij-api");
    const operationServer = all.get(operation.parentSpanId ?? "");
    expect(operationServer?.service).toBe("kroonloterij-api");
    expect(operationServer?.name).toBe(operation.name.replace(/^api /, ""));
    expect(all.get(operationServer?.parentSpanId ?? "")?.service).toBe("kroonloterij-webshop");
    expect([...receiver.contentTypes]).toEqual(["POST /v1/traces application/json"]);
  });
});

describe("with the traces' endpoint down", () => {
  it("answers every page, and says so in the log at most once a minute", async () => {
    const downPort = await freePort();
    const shop = await startShop({
      API_ORIGIN: api.url,
      PORTAL_ORIGIN: api.url,
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${downPort}`,
    });
    started.push(shop);
    const failures = () =>
      shop.lines().filter((line) => String(line.msg).startsWith("traces: could not export"));
    for (const attempt of [1, 2, 3]) {
      expect((await fetch(`${shop.url}/?down=${attempt}`)).status).toBe(200);
    }
    await until(() => failures().length > 0, "the export failure in the log", { attempts: 200 });
    for (const attempt of [4, 5]) {
      expect((await fetch(`${shop.url}/?down=${attempt}`)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    expect(failures()).toHaveLength(1);
    expect(failures()[0]?.level).toBe(40);
  }, 60_000);
});

describe("one process (the embedded API called in-process)", () => {
  it("keeps the page's trace in the API's log lines and spans, without HTTP between them", async () => {
    const shop = await startTestShop({
      env: { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_BSP_SCHEDULE_DELAY: "100" },
    });
    try {
      const traceId = "0af7651916cd43dd8448eb211c80319c";
      const response = await fetch(`${shop.url}/?trace=one-process`, {
        headers: { traceparent: `00-${traceId}-b7ad6b7169203331-01` },
      });
      expect(response.status).toBe(200);
      const spansOf = () => receiver.spans.filter((span) => span.traceId === traceId);
      await until(() => spansOf().some((span) => span.name === "GET /"), "the page's spans");
      await until(() => spansOf().some((span) => span.name === "SELECT"), "a database span");
      const byId = new Map(spansOf().map((span) => [span.spanId, span]));
      const operation = spansOf().find((span) => span.name.startsWith("api ")) as ExportedSpan;
      const call = byId.get(operation.parentSpanId ?? "");
      expect(call?.name).toBe(operation.name.replace(/^api /, ""));
      expect(byId.get(call?.parentSpanId ?? "")?.name).toBe("GET /");
      expect(spansOf().every((span) => span.service === "kroonloterij-webshop")).toBe(true);
      // A line the API wrote during the page (the request line of the page itself included) names the trace.
      expect(shop.logs.filter((line) => line.trace_id === traceId).map((line) => line.msg)).toContain(
        "request",
      );
    } finally {
      await shop.shutdown();
    }
  });
});
