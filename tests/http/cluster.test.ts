import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signRequest } from "@/src/shop/cms/request-signing.server";
import { freePort } from "../support/listen";
import { until } from "../support/until";

/**
 * `WEB_CONCURRENCY=2 npm start`: one process per core on PostgreSQL (decision 8). Runs where a PostgreSQL
 * server is given (TEST_DATABASE_URL, as in CI); the refusal without one runs everywhere.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const SECRET = "cluster-secret-cluster-secret-cluster-00";
const WEBHOOK_SECRET = "cluster-webhook-secret";

function workersOf(primary: ChildProcess): number[] {
  try {
    return execFileSync("ps", ["--ppid", String(primary.pid), "-o", "pid="], { encoding: "utf8" })
      .split("\n")
      .map((line) => Number(line.trim()))
      .filter((pid) => pid > 0);
  } catch {
    return [];
  }
}

it("refuses more than one process on the embedded database, naming the setting", () => {
  let output = "";
  try {
    execFileSync(process.execPath, ["server.mjs"], {
      env: { ...process.env, WEB_CONCURRENCY: "2", DATABASE_URL: "", NODE_ENV: "production" },
      encoding: "utf8",
      stdio: "pipe",
    });
  } catch (error) {
    output = String((error as { stderr?: string }).stderr);
  }
  expect(output).toContain("WEB_CONCURRENCY > 1 needs DATABASE_URL");
});

describe.skipIf(!serverUrl)("two processes on PostgreSQL", () => {
  let primary: ChildProcess;
  let url: string;
  let metricsUrl: string;
  let database: string;
  const output: string[] = [];
  /** The workers' JSON log lines so far. */
  const logLines = () =>
    output
      .join("")
      .split("\n")
      .flatMap((line) => {
        try {
          return [JSON.parse(line) as Record<string, unknown>];
        } catch {
          return [];
        }
      });

  beforeAll(async () => {
    database = `kl_cluster_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${database}`);
    await admin.end();
    const databaseUrl = new URL(serverUrl as string);
    databaseUrl.pathname = `/${database}`;
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    metricsUrl = `http://127.0.0.1:${await freePort()}/metrics`;
    primary = spawn(process.execPath, ["server.mjs"], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        WEB_CONCURRENCY: "2",
        DATABASE_URL: databaseUrl.toString(),
        SESSION_SECRET: SECRET,
        CONTENTFUL_WEBHOOK_SECRET: WEBHOOK_SECRET,
        HOST: "127.0.0.1",
        PORT: String(port),
        METRICS_PORT: new URL(metricsUrl).port,
        LOG_LEVEL: "info",
        BASE_URL: url,
      },
      stdio: ["ignore", "pipe", "ignore"],
    });
    primary.stdout?.on("data", (chunk: Buffer) => output.push(chunk.toString("utf8")));
    await until(async () => (await fetch(`${url}/readyz`)).ok, "the first worker");
    await until(() => workersOf(primary).length === 2, "two workers");
    await until(
      () => logLines().filter((line) => line.msg === "Kroonloterij webshop listening").length === 2,
      "both workers listening",
    );
  }, 30_000);

  afterAll(async () => {
    if (primary.exitCode === null) primary.kill("SIGKILL");
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
  });

  it("serves from two processes that accept each other's anti-forgery tokens", async () => {
    const tokenResponse = await fetch(`${url}/api/token`);
    const cookie = tokenResponse.headers
      .getSetCookie()
      .map((value) => value.split(";")[0])
      .join("; ");
    const { token } = (await tokenResponse.json()) as { token: string };
    // The cluster hands connections round robin: twenty fresh connections reach both workers.
    const statuses = await Promise.all(
      Array.from({ length: 20 }, () =>
        fetch(`${url}/api/authentication/logout`, {
          method: "POST",
          headers: { cookie, RequestVerificationToken: token, connection: "close" },
        }).then((response) => response.status),
      ),
    );
    expect(statuses.every((status) => status < 400)).toBe(true);
  });

  it("drops a page in every process when the CMS webhook reaches one of them", async () => {
    const body = JSON.stringify({
      sys: { id: "page-verantwoord-spelen", type: "Entry", contentType: { sys: { id: "page" } } },
      fields: { path: { "nl-NL": "/verantwoord-spelen" } },
    });
    const signed = signRequest(WEBHOOK_SECRET, {
      method: "POST",
      path: "/api/cms/webhook",
      headers: {},
      body,
    });
    const webhook = await fetch(`${url}/api/cms/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json", ...signed },
      body,
    });
    expect(webhook.status).toBe(202);
    // Each worker logs (with its pid) that it dropped the page: the one the webhook reached, and the
    // other through PostgreSQL NOTIFY.
    const invalidatedBy = () =>
      new Set(
        logLines()
          .filter((line) => line.msg === "content changed: invalidating")
          .filter((line) => (line.changedIds as string[] | undefined)?.includes("page-verantwoord-spelen"))
          .map((line) => line.pid),
      );
    await until(() => invalidatedBy().size === 2, "both workers to drop the page");
    expect([...invalidatedBy()].sort()).toEqual([...workersOf(primary)].sort());
  });

  it("serves one metrics port for both processes, their requests summed", async () => {
    const healthChecks = async () => {
      const response = await fetch(metricsUrl);
      expect(response.status).toBe(200);
      const series =
        'http_server_request_duration_seconds_count{http_request_method="GET",http_route="/healthz",http_response_status_code="200"}';
      const line = (await response.text()).split("\n").find((entry) => entry.startsWith(`${series} `));
      return Number(line?.split(" ")[1] ?? 0);
    };
    const before = await healthChecks();
    const sent = 24;
    for (let index = 0; index < sent; index++) {
      const response = await fetch(`${url}/healthz`, { headers: { connection: "close" } });
      expect(response.status).toBe(200);
    }
    // Both processes answered some of them (each logs its requests with its pid) ...
    await until(
      () =>
        new Set(
          logLines()
            .filter((line) => line.url === "/healthz")
            .map((line) => line.pid),
        ).size === 2,
      "both workers to answer /healthz",
    );
    // ... and one scrape counts them all, whichever worker answered.
    expect((await healthChecks()) - before).toBe(sent);
    const scraped = await (await fetch(metricsUrl)).text();
    expect(scraped).toMatch(/^shop_cluster_workers 2$/m);
    expect(scraped).toMatch(/^shop_metrics_workers_missing 0$/m);
    expect((await fetch(`${url}/metrics`)).status).toBe(404);
  });

  it("replaces a worker that dies, and stops cleanly on SIGTERM", async () => {
    const [victim] = workersOf(primary);
    process.kill(victim as number, "SIGKILL");
    await until(() => {
      const workers = workersOf(primary);
      return workers.length === 2 && !workers.includes(victim as number);
    }, "a replacement worker");
    await until(async () => (await fetch(`${url}/readyz`)).ok, "the shop to answer");

    const exited = new Promise<number | null>((resolve) => primary.once("exit", (code) => resolve(code)));
    primary.kill("SIGTERM");
    expect(await exited).toBe(0);
  }, 30_000);
});
