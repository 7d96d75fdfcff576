// The faults `npm run bench:peak` injects: a PostgreSQL server of its own that it can restart, a content
// source (a local Contentful Delivery API) behind a switch that makes it fail, and the payment
// simulator's fault file (PAYMENT_SIMULATOR_FAULTS, src/backend/simulators/payments/faults.server.ts).
// And the mail provider: an SMTP server the bench stops and starts (startMailSink).
import { execFile, execFileSync } from "node:child_process";
import { existsSync, readdirSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { type DeliveryApiServer, startDeliveryApiServer } from "../tests/support/delivery-api-server";

/** A throwaway PostgreSQL server (scripts/start-test-postgres.sh) on its own port and data directory. */
export type Postgres = {
  url: string;
  /** Stops the server (fast shutdown: sessions are cut), waits `downMs`, starts it again. */
  restart: (downMs: number) => Promise<void>;
};

function postgresBin(): string {
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(a) - Number(b)) : [];
  const latest = versions.at(-1);
  if (!latest) throw new Error("no PostgreSQL server binaries under /usr/lib/postgresql");
  return path.join(root, latest, "bin");
}

/**
 * Runs a server command as the `postgres` user when this process is root (the server refuses root),
 * without blocking: the visitors keep arriving on schedule meanwhile.
 */
function asPostgres(command: string): Promise<void> {
  const isRoot = process.getuid?.() === 0;
  const [file, args] = isRoot
    ? ["su", ["postgres", "-s", "/bin/sh", "-c", command]]
    : ["sh", ["-c", command]];
  return new Promise((resolve, reject) =>
    execFile(file, args, (error) => (error ? reject(error) : resolve())),
  );
}

export function startPostgres(port: number, dataDir: string): Postgres {
  const url = execFileSync("bash", ["scripts/start-test-postgres.sh"], {
    encoding: "utf8",
    env: { ...process.env, PGPORT_TEST: String(port), PGDATA_TEST: dataDir },
  }).trim();
  const bin = postgresBin();
  // The same options as scripts/start-test-postgres.sh, so the server comes back as it was.
  const options = `-p ${port} -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  return {
    url,
    async restart(downMs) {
      await asPostgres(`${bin}/pg_ctl -D ${dataDir} -m fast -w stop`);
      await new Promise((resolve) => setTimeout(resolve, downMs));
      await asPostgres(`${bin}/pg_ctl -D ${dataDir} -l ${dataDir}/server.log -w -o '${options}' start`);
    },
  };
}

export type CmsMode = "up" | "unavailable" | "unanswered";

/**
 * The content source: a local Delivery API over `content/` behind a switch. `unavailable` answers every
 * request 503 at once; `unanswered` accepts requests and never answers (the SDK's time-out ends them).
 */
export type Cms = { host: string; setMode: (mode: CmsMode) => void; close: () => Promise<void> };

export const CMS_SPACE = { spaceId: "kroon", deliveryToken: "peak-cda-token" };

export async function startCms(): Promise<Cms> {
  const upstream: DeliveryApiServer = await startDeliveryApiServer({
    dir: path.resolve("content"),
    ...CMS_SPACE,
  });
  const target = new URL(upstream.url);
  let mode: CmsMode = "up";
  const held = new Set<Socket>();
  const agent = new http.Agent({ keepAlive: true });
  const proxy = http.createServer((request, response) => {
    if (mode === "unavailable") {
      response.writeHead(503, { "content-type": "application/json" });
      response.end(JSON.stringify({ sys: { type: "Error", id: "ServiceUnavailable" } }));
      return;
    }
    if (mode === "unanswered") {
      held.add(request.socket);
      return;
    }
    const outgoing = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: request.url,
        method: request.method,
        headers: request.headers,
        agent,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    outgoing.on("error", () => response.destroy());
    request.pipe(outgoing);
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  const { port } = proxy.address() as AddressInfo;
  return {
    host: `127.0.0.1:${port}`,
    setMode(next) {
      mode = next;
      // Requests left hanging are cut when the source comes back, as a recovering server would.
      if (next !== "unanswered") for (const socket of held) socket.destroy();
      if (next !== "unanswered") held.clear();
    },
    async close() {
      for (const socket of held) socket.destroy();
      proxy.closeAllConnections();
      await new Promise((resolve) => proxy.close(resolve));
      agent.destroy();
      await upstream.close();
    },
  };
}

/** Writes the payment simulator's fault file: every answer waits `delayMs` (0: none). */
export function setPaymentDelay(file: string, delayMs: number): void {
  writeFileSync(file, JSON.stringify({ delayMs }));
}

/**
 * The mail provider: an SMTP server of the bench's own (SMTP_URL points at it) that takes every message
 * and counts it by its Message-ID (the outbox row's id, decision 21). `setUp(false)` takes it down as a
 * provider's outage would: it stops accepting connections and answers the open ones `421` (smtp-server's
 * close), so the shop's sends fail as temporary and wait in the outbox; `setUp(true)` listens again on the
 * same port.
 */
export type MailSink = {
  url: string;
  /** The Message-ID's local part (the outbox row's id) -> how many times it was received. */
  received: Map<string, number>;
  setUp: (up: boolean) => Promise<void>;
  close: () => Promise<void>;
};

export async function startMailSink(): Promise<MailSink> {
  const received = new Map<string, number>();
  const create = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      hideSTARTTLS: true,
      logger: false,
      closeTimeout: 1_000,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          const head =
            Buffer.concat(chunks)
              .toString("utf8")
              .split(/\r?\n\r?\n/)[0] ?? "";
          const id = /^Message-ID:\s*<([^@>]+)/im.exec(head.replace(/\r?\n[ \t]+/g, " "))?.[1] ?? "?";
          received.set(id, (received.get(id) ?? 0) + 1);
          callback();
        });
      },
    });
  let server = create();
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => resolve((server.server.address() as AddressInfo).port));
    });
  const stop = () => new Promise<void>((resolve) => server.close(() => resolve()));
  const port = await listen(0);
  let up = true;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    async setUp(next) {
      if (next === up) return;
      up = next;
      if (next) {
        server = create();
        await listen(port);
      } else await stop();
    },
    async close() {
      if (up) await stop();
    },
  };
}
