import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { affiliateMessages, affiliatePage } from "@/src/lib/messages";
import { startTestShop, type TestShop } from "../support/shop-server";

/**
 * Issue 43, item 6: a partner's page offers the partner's ticket only where the API will sell it (on the
 * partner's host, or with the partner's code in the address); elsewhere it says how to get the offer. The
 * server decides per request, so the shared page cache never hands one visitor's offer to another.
 */

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(async () => {
  await shop?.shutdown();
});

/** A page's status and HTML as this host asks for it (node:http: fetch() may not set Host). */
function pageOn(path: string, host = new URL(shop.url).host): Promise<{ status?: number; html: string }> {
  const { port } = new URL(shop.url);
  return new Promise((resolve, reject) => {
    httpRequest({ host: "127.0.0.1", port, path, headers: { host } }, (response) => {
      let html = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => {
        html += chunk;
      });
      response.on("end", () => resolve({ status: response.statusCode, html }));
    })
      .on("error", reject)
      .end();
  });
}

const ORDER_BUTTON = `>${affiliatePage.start}</button>`;
const DAGBLAD_ELSEWHERE = affiliatePage.byCodeElsewhere("Het Dagblad");
const BLADWIJZER_ELSEWHERE = affiliatePage.byHostElsewhere("De Bladwijzer");

describe("a partner's page (issue 43)", () => {
  it("offers the code's ticket only with the code, also after the page without it was cached", async () => {
    for (const attempt of [1, 2]) {
      const { status, html } = await pageOn("/dagblad");
      expect(status, `attempt ${attempt}`).toBe(200);
      expect(html).toContain(DAGBLAD_ELSEWHERE);
      expect(html).not.toContain(ORDER_BUTTON);
    }
    const withCode = await pageOn("/dagblad?partner=dagblad");
    expect(withCode.html).toContain(ORDER_BUTTON);
    expect(withCode.html).toMatch(/<input type="hidden" name="partner" value="DAGBLAD"\/>/);
    expect(withCode.html).not.toContain(DAGBLAD_ELSEWHERE);
    expect((await pageOn("/dagblad?partner=KRANT")).html).not.toContain(ORDER_BUTTON);
    expect((await pageOn("/dagblad")).html).not.toContain(ORDER_BUTTON);
  });

  it("offers the host's ticket on the partner's host only; elsewhere it links there", async () => {
    const { port } = new URL(shop.url);
    const own = await pageOn("/partner/bladwijzer", `bladwijzer.localhost:${port}`);
    expect(own.html).toContain(ORDER_BUTTON);
    expect(own.html).not.toContain(BLADWIJZER_ELSEWHERE);

    const main = await pageOn("/partner/bladwijzer");
    expect(main.status).toBe(200);
    expect(main.html).toContain(BLADWIJZER_ELSEWHERE);
    expect(main.html).not.toContain(ORDER_BUTTON);
    expect(main.html).toContain(`href="http://bladwijzer.localhost:${port}/partner/bladwijzer"`);
    // A code counts for nothing there: the offer is the host's.
    expect((await pageOn("/partner/bladwijzer?partner=BLADWIJZER")).html).not.toContain(ORDER_BUTTON);
  });

  it("decides a client-side navigation's data on the server too", async () => {
    // React Router's data (turbo-stream, a flat JSON array): the offer's decision follows its page id.
    const decision = async (path: string) =>
      /"partnerOffers",\{[^}]*\},"dagblad-lezers",\{[^}]*\},"open",(true|false)/.exec(
        await (await fetch(`${shop.url}${path}`)).text(),
      )?.[1];
    expect(await decision("/dagblad.data?partner=DAGBLAD")).toBe("true");
    expect(await decision("/dagblad.data")).toBe("false");
  });

  it("still refuses the offer without its partner at the API (the page no longer offers it)", async () => {
    const response = await fetch(`${shop.url}/partnerlot`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "start", pageId: "dagblad-lezers" }),
    });
    expect(response.status).toBe(403);
    expect(await response.text()).toContain(affiliateMessages.wrongPartner);
  });
});
