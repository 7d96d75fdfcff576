import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queueEmail } from "@/src/backend/db/outbox/outbox.server";
import { outboxEmails } from "@/src/backend/db/schema";
import { EMAIL_SAMPLES } from "@/src/backend/emails/samples";
import { EMAIL_KIND_NAMES } from "@/src/domain/emails/kinds";
import { freePort } from "../support/listen";
import { startTestShop, type TestShop } from "../support/shop-server";
import { until } from "../support/until";

/**
 * The embedded default's e-mail (issue 42) through the built server: an e-mail queued in the shop's
 * database goes over SMTP to the local mailbox and shows on `/postbus`; with SMTP_URL on a server that is
 * down, the shop stays ready and the e-mail waits in the outbox.
 */

let shop: TestShop;

beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop?.shutdown());

const get = (path: string) => fetch(`${shop.url}${path}`, { redirect: "manual" });

describe("the local mailbox (/postbus)", () => {
  it("receives a queued e-mail over SMTP and shows it by recipient, with its HTML framed under its own policy", async () => {
    const db = shop.embedded!.db;
    await queueEmail(db, {
      kind: "gift-ticket",
      data: EMAIL_SAMPLES["gift-ticket"],
      recipient: "ontvanger@postbus.example",
      key: "http-test-gift",
    });
    await until(
      async () =>
        (await (await get("/postbus?aan=ontvanger%40postbus.example")).text()).includes("geeft je een lot"),
      "the e-mail in the mailbox",
      { attempts: 200 },
    );
    const [row] = await db.select().from(outboxEmails).where(eq(outboxEmails.key, "http-test-gift"));
    expect(row).toMatchObject({ state: "sent", attempts: 1 });

    const list = await (await get("/postbus?aan=ontvanger%40postbus.example")).text();
    const id = /href="\/postbus\/(\d+)"/.exec(list)?.[1];
    expect(id).toBeDefined();
    const page = await get(`/postbus/${id}`);
    expect(page.status).toBe(200);
    const shown = await page.text();
    expect(shown).toContain("Je persoonlijke code: KR7H-3MXP");
    expect(shown).toContain(`<iframe src="/postbus/${id}/html"`);
    expect(shown).toMatch(/<th scope="row">Message-ID<\/th><td>&lt;[0-9a-f-]{36}@shop\.test&gt;<\/td>/);

    const framed = await get(`/postbus/${id}/html`);
    expect(framed.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(framed.headers.get("content-security-policy")).toContain("sandbox");
    const html = await framed.text();
    expect(html).toContain('<base target="_top">');
    expect(html).not.toContain('target="_blank"');
    expect(html).toContain("http://shop.test/cadeau/verzilveren?code=KR7H-3MXP");
  });

  it("shows every kind of e-mail with sample data", async () => {
    const list = await (await get("/postbus/voorbeelden")).text();
    for (const kind of EMAIL_KIND_NAMES) {
      expect(list).toContain(`href="/postbus/voorbeelden/${kind}"`);
      const preview = await get(`/postbus/voorbeelden/${kind}`);
      expect(preview.status, kind).toBe(200);
      expect((await get(`/postbus/voorbeelden/${kind}/html`)).status, kind).toBe(200);
    }
    expect((await get("/postbus/voorbeelden/brief-per-duif")).status).toBe(404);
    expect((await get("/postbus/999999999")).status).toBe(404);
    expect((await get("/postbus/niet-een-nummer")).status).toBe(404);
  });
});

describe("SMTP_URL on a mail server that is down", () => {
  it("keeps the shop ready and the e-mail waiting in the outbox, without addresses in the log", async () => {
    const down = await startTestShop({
      env: { SMTP_URL: `smtp://127.0.0.1:${await freePort()}` },
    });
    try {
      const db = down.embedded!.db;
      await queueEmail(db, {
        kind: "prize",
        data: EMAIL_SAMPLES.prize,
        recipient: "wacht.even@postbus.example",
        key: "http-test-down",
      });
      await until(
        async () =>
          (await db.select().from(outboxEmails).where(eq(outboxEmails.key, "http-test-down")))[0]
            ?.lastError !== null,
        "a failed attempt",
        { attempts: 200 },
      );
      const [row] = await db.select().from(outboxEmails).where(eq(outboxEmails.key, "http-test-down"));
      expect(row).toMatchObject({ state: "queued", attempts: 1 });
      const ready = await fetch(`${down.url}/readyz`);
      expect(ready.status).toBe(200);
      // No local mailbox when mail goes elsewhere.
      expect((await fetch(`${down.url}/postbus`)).status).toBe(404);
      expect(down.logsMatching("wacht.even@")).toEqual([]);
      expect(down.logsMatching("sending an e-mail failed")).not.toEqual([]);
    } finally {
      await down.shutdown();
    }
  });
});
