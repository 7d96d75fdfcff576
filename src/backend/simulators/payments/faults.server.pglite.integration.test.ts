import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "@/src/backend/db/database.server";
import { createLogger } from "@/src/server/logger";
import { listenLocally } from "@/tests/support/listen";
import { fileFaults } from "./faults.server";
import { createPaymentSimulator, type PaymentSimulator } from "./simulator.server";

/** The peak-day load test's slow payment provider: a file switches a delay on every answer on and off. */
let database: Database;
let server: Awaited<ReturnType<typeof listenLocally>>;
let baseUrl: string;
let simulator: PaymentSimulator;
let dir: string;
let faultFile: string;

const DELAY_MS = 400;
const PAYMENT = {
  reference: "order-1",
  amountCents: 1_500,
  description: "Kroonloterij bestelling",
  method: "ideal" as const,
  returnUrl: "/afrekenen/resultaat?transactionId=1",
};

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

/** Past the faults' re-read interval, so a changed file counts. */
const afterRecheck = () => new Promise((resolve) => setTimeout(resolve, 300));

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "kl-payment-faults-"));
  faultFile = path.join(dir, "faults.json");
  database = await openDatabase({ dataDir: "memory://" });
  simulator = createPaymentSimulator({
    db: database.db,
    logger: createLogger("silent"),
    onStatusChange: () => undefined,
    faults: fileFaults(faultFile),
  });
  const app = express();
  app.use("/betaalsimulator", simulator.router);
  server = await listenLocally(app);
  baseUrl = server.url;
});

afterAll(async () => {
  await server?.close();
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

beforeEach(async () => {
  rmSync(faultFile, { force: true });
  await afterRecheck();
});

describe("payment simulator faults", () => {
  it("answers at once without a fault file", async () => {
    const created = await timed(() => simulator.provider.createPayment(PAYMENT));
    expect(created.ms).toBeLessThan(DELAY_MS);
    const page = await timed(() => fetch(`${baseUrl}${created.value.redirectUrl}`));
    expect(page.value.status).toBe(200);
    expect(page.ms).toBeLessThan(DELAY_MS);
  });

  it("slows the shop's calls and the player's pages while the file asks, and stops when it no longer does", async () => {
    const { redirectUrl, paymentId } = await simulator.provider.createPayment(PAYMENT);
    writeFileSync(faultFile, JSON.stringify({ delayMs: DELAY_MS }));
    await afterRecheck();

    const created = await timed(() => simulator.provider.createPayment(PAYMENT));
    expect(created.ms).toBeGreaterThanOrEqual(DELAY_MS - 5);
    const status = await timed(() => simulator.provider.getPayment(paymentId));
    expect(status.value?.status).toBe("open");
    expect(status.ms).toBeGreaterThanOrEqual(DELAY_MS - 5);
    const page = await timed(() => fetch(`${baseUrl}${redirectUrl}`));
    expect(page.value.status).toBe(200);
    expect(page.ms).toBeGreaterThanOrEqual(DELAY_MS - 5);

    writeFileSync(faultFile, JSON.stringify({ delayMs: 0 }));
    await afterRecheck();
    expect((await timed(() => simulator.provider.getPayment(paymentId))).ms).toBeLessThan(DELAY_MS);
  });

  it("ignores a file it cannot read as faults", async () => {
    writeFileSync(faultFile, "{not json");
    await afterRecheck();
    expect((await timed(() => simulator.provider.createPayment(PAYMENT))).ms).toBeLessThan(DELAY_MS);
  });
});
