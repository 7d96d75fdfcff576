import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, players } from "@/src/backend/db/schema";
import { DEMO_PLAYER } from "@/src/backend/db/seed";
import { freePort } from "../support/listen";
import { csvRows, runOperatorScript } from "../support/operator-script";
import { startTestShop, type TestShop } from "../support/shop-server";

/**
 * The marketing scripts beside a running shop on the embedded database (decision 22): they get their
 * links, codes and report from the shop, which holds the database; what they print opens in that shop,
 * whose BASE_URL and secret the scripts were never told. With the shop stopped they use the database.
 * What the scripts print, opened in a browser (a game link, a mailing's code, a preview link), is the
 * journey tests/e2e/marketing-tools.spec.ts.
 */
const folder = mkdtempSync(path.join(tmpdir(), "kl-operator-"));
// A folder whose data/ does not exist yet, as on a fresh machine.
const dataDir = path.join(folder, "data", "pglite");
let port: number;
let baseUrl: string;
let shop: TestShop | undefined;

/** The shop as `npm start` runs it: its own BASE_URL, no SESSION_SECRET, its database on disk. */
async function startShop() {
  shop = await startTestShop({
    env: { PGLITE_DATA_DIR: dataDir, SESSION_SECRET: "", PORT: String(port), BASE_URL: baseUrl },
  });
  return shop;
}

const runScript = (script: string, args: string[]) => runOperatorScript(dataDir, script, args);

beforeAll(async () => {
  port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  await startShop();
}, 120_000);

afterAll(async () => {
  await shop?.shutdown();
  rmSync(folder, { recursive: true, force: true });
});

describe("beside a running shop", () => {
  it("keeps its secret and its operator file beside the database, for its user alone", () => {
    for (const file of [`${dataDir}.session-secret`, `${dataDir}.operator.json`])
      expect(statSync(file).mode & 0o777, file).toBe(0o600);
    const secret = readFileSync(`${dataDir}.session-secret`, "utf8").trim();
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(shop?.logs)).not.toContain(secret);
  });

  it("affiliates:report counts the month's paid partner orders", async () => {
    const db = shop?.embedded?.db;
    if (!db) throw new Error("the test shop runs the embedded API");
    const [demo] = await db
      .select({ id: players.id })
      .from(players)
      .where(eq(players.email, DEMO_PLAYER.email));
    const order = (status: string, totalCents: number, createdAt: string) => ({
      transactionId: randomUUID(),
      playerId: demo?.id ?? "",
      pageId: "dagblad",
      affiliatePartner: "dagblad",
      status,
      contentHash: randomUUID(),
      lines: [],
      totalCents,
      paymentMethod: "ideal",
      createdAt: new Date(createdAt),
    });
    await db
      .insert(orders)
      .values([
        order("paid", 995, "2025-03-01T00:30:00+01:00"),
        order("paid", 1990, "2025-03-31T23:30:00+02:00"),
        order("failed", 995, "2025-03-10T12:00:00+01:00"),
        order("paid", 995, "2025-04-01T00:30:00+02:00"),
      ]);

    const { stdout, stderr } = await runScript("affiliates-report", ["--month", "2025-03", "--out", "-"]);
    expect(stderr).toContain("from the running shop");
    expect(csvRows(stdout)).toEqual([["2025-03", "dagblad", "dagblad", "2", "0", "29,85"]]);
  }, 60_000);

  it("a script refuses what does not exist, in a sentence and with exit code 1", async () => {
    const refused = runScript("campaigns-codes", [
      "--campaign",
      "bestaat-niet",
      "--count",
      "1",
      "--out",
      "-",
    ]);
    await expect(refused).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining("No campaign bestaat-niet"),
    });
  }, 60_000);
});

describe("with the shop stopped", () => {
  it("games:links signs on the database with the secret the shop uses when it starts again", async () => {
    await shop?.shutdown();
    shop = undefined;
    expect(existsSync(`${dataDir}.operator.json`)).toBe(false);

    const { stdout, stderr } = await runScript("games-links", ["--page", "win-een-auto", "--out", "-"]);
    expect(stderr).toContain(`the embedded database ${dataDir}, directly`);
    const link = csvRows(stdout).find(([email]) => email === DEMO_PLAYER.email)?.[2] ?? "";
    // Without BASE_URL the script cannot know the shop's address: the operator's environment says it.
    const pathOfLink = link.replace(/^http:\/\/localhost:3000/, "");
    expect(pathOfLink.startsWith("/winactie/win-een-auto/link?data=")).toBe(true);

    await startShop();
    const opened = await fetch(`${baseUrl}${pathOfLink}`);
    expect(opened.status).toBe(200);
  }, 120_000);
});
