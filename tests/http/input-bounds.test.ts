import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestShop, type TestShop } from "../support/shop-server";

/**
 * Pages that take numbers and text from the address (issue 13: out-of-range numbers, NUL bytes and lone
 * surrogates): a draw id past any column or hostile text in a ticket link is a refused link (back to the
 * basket with a message), an out-of-range id in a path a page that does not exist, never a 5xx.
 */
let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(async () => {
  await shop?.shutdown();
});

const request = (pathname: string) => fetch(`${shop.url}${pathname}`, { redirect: "manual" });

const OUT_OF_RANGE = [
  "2147483648",
  "9223372036854775808",
  "99999999999999999999",
  "1e308",
  "-1",
  "0",
  "NaN",
  "Infinity",
  "0x7fffffff",
];
/** NUL, a lone surrogate's bytes (invalid UTF-8), a control character, an RTL override. */
const HOSTILE_TEXT = ["%00", "lot%00", "%ED%A0%80", "%07", "%E2%80%AE"];

/** Back to the basket: with a message when the link was refused (as a link to a closed draw is). */
async function expectBackToBasket(search: string) {
  const response = await request(`/winkelmandje/lot-toevoegen?${search}`);
  const text = response.status >= 400 ? await response.text() : "";
  expect(response.status, `${search} -> ${text.slice(0, 200)}`).toBeLessThan(500);
  expect([302, 303, 307], search).toContain(response.status);
  expect(new URL(response.headers.get("location") ?? "", shop.url).pathname, search).toBe("/winkelmandje");
}

describe("/winkelmandje/lot-toevoegen with numbers no draw can have", () => {
  for (const drawId of OUT_OF_RANGE) {
    it(`refuses drawId=${drawId} without a server error`, async () => {
      await expectBackToBasket(`drawId=${encodeURIComponent(drawId)}&soort=lot&deel=heel`);
      await expectBackToBasket(`trekking=${encodeURIComponent(drawId)}`);
    });
  }

  it("refuses out-of-range quantities, multipliers and million-game counts", async () => {
    for (const value of OUT_OF_RANGE) {
      const encoded = encodeURIComponent(value);
      await expectBackToBasket(`aantal=${encoded}`);
      await expectBackToBasket(`vermenigvuldiger=${encoded}`);
      await expectBackToBasket(`miljoenenspel=${encoded}`);
    }
  });
});

describe("/winkelmandje/lot-toevoegen with text no column can store", () => {
  for (const text of HOSTILE_TEXT) {
    it(`takes ${text} in the link's fields without a server error`, async () => {
      for (const name of ["soort", "deel", "xl", "eindcijfers", "trekking"]) {
        await expectBackToBasket(`${name}=${text}`);
      }
    });
  }
});

describe("page paths with out-of-range ids", () => {
  it("a draw's add-ticket page with an id past any column is no server error", async () => {
    for (const drawId of OUT_OF_RANGE) {
      const response = await request(`/mijn/loten/${encodeURIComponent(drawId)}/lot-toevoegen`);
      expect(response.status, drawId).toBeLessThan(500);
    }
  });

  it("a draw's result page with hostile text in its slug is not found", async () => {
    for (const slug of [...HOSTILE_TEXT, "2147483648", "%25"]) {
      const response = await request(`/trekkingsuitslag/${slug}`);
      expect(response.status, slug).toBeLessThan(500);
    }
  });

  it("logged no failed API call or page", () => {
    const failures = shop.logs.filter((entry) => Number(entry.level) >= 50);
    expect(failures.map((entry) => entry.msg)).toEqual([]);
  });
});
