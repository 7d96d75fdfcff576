import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, players } from "@/src/backend/db/schema";
import { DEMO_PLAYER } from "@/src/backend/db/seed";
import { gamePage } from "@/src/lib/messages";
import { cookieClient } from "../support/cookie-client";
import { freePort } from "../support/listen";
import { csvRows, runOperatorScript } from "../support/operator-script";
import { startTestShop, type TestShop } from "../support/shop-server";
import { logInThroughApi } from "../support/shop-steps";

/**
 * The marketing scripts beside a running shop on the embedded database (decision 22): they get their
 * links, codes and report from the shop, which holds the database; what they print opens in that shop,
 * whose BASE_URL and secret the scripts were never told. With the shop stopped they use the database.
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

  it("games:links prints links at the shop's BASE_URL that the shop opens", async () => {
    const { stdout, stderr } = await runScript("games-links", ["--page", "win-een-auto", "--out", "-"]);
    expect(stderr).toContain("from the running shop");
    const demo = csvRows(stdout).find(([email]) => email === DEMO_PLAYER.email);
    const [, firstName = "", link = ""] = demo ?? [];
    expect(link.startsWith(`${baseUrl}/winactie/win-een-auto/link?data=`)).toBe(true);

    const opened = await fetch(link);
    expect(opened.status).toBe(200);
    expect(await opened.text()).toContain(gamePage.linkIntro(firstName));
    const tampered = await fetch(link.replace(/.(?=&|$)/, (last) => (last === "A" ? "B" : "A")));
    expect(tampered.status).not.toBe(200);
  }, 60_000);

  it("campaigns:codes creates personal codes a player can activate", async () => {
    const { stdout, stderr } = await runScript("campaigns-codes", [
      "--campaign",
      "kerstactie",
      "--count",
      "3",
      "--mailing",
      "test-mailing",
      "--out",
      "-",
    ]);
    expect(stderr).toContain("3 personal code(s) for kerstactie (test-mailing) from the running shop");
    const codes = csvRows(stdout);
    expect(codes).toHaveLength(3);
    const [stored = "", printed = ""] = codes[0] ?? [];
    expect(printed).toBe(`${stored.slice(0, 4)}-${stored.slice(4)}`);

    const player = cookieClient(baseUrl);
    const token = await logInThroughApi(player, DEMO_PLAYER);
    const activated = await player.postJson(
      "/api/marketing-campaigns/kerstactie/action-codes/activate",
      { actionCode: printed },
      token,
    );
    expect(activated.status).toBe(200);
  }, 60_000);

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

  it("content:preview-link prints a link that opens the draft in preview", async () => {
    const { stdout } = await runScript("content-preview-link", ["/nieuw-concept"]);
    const link = stdout.trim();
    expect(link.startsWith(`${baseUrl}/voorbeeldweergave?`)).toBe(true);

    const entered = await fetch(link, { redirect: "manual" });
    expect(entered.status).toBe(302);
    const cookie = entered.headers.getSetCookie()[0]?.split(";")[0] ?? "";
    const draft = await fetch(`${baseUrl}/nieuw-concept`, { headers: { cookie } });
    expect(draft.status).toBe(200);
    expect(await draft.text()).toContain("Voorbeeldweergave");
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
