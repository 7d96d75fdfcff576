import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keepAmountsWhole } from "@/src/lib/format";
import { startTestShop, type TestShop } from "../support/shop-server";

/** Issue 43 item 5: the home page's hero per group of `homepage-hero`, one cached copy per group. */
let shop: TestShop;

beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(async () => {
  await shop?.shutdown();
});

/** A hero's title as the page shows it: an editor's "€ 30" with a no-break space (issue 43). */
const title = (id: string): string =>
  keepAmountsWhole(
    JSON.parse(readFileSync(path.resolve("content/entries", `${id}.json`), "utf8")).fields.title,
  );
const JACKPOT = title("hero-home");
const COUNTDOWN = title("hero-home-aftelklok");

async function home(cookie?: string) {
  const response = await fetch(`${shop.url}/`, { headers: cookie ? { cookie } : {} });
  const html = (await response.text()).replace(/&#x27;/g, "'").replace(/&amp;/g, "&");
  return { response, html, cache: response.headers.get("x-cache") };
}

describe("the home page's experiment", () => {
  it("gives two visitors in different groups their own cached page, and each the same page again", async () => {
    const control = await home("kl_exp=homepage-hero:control");
    const countdown = await home("kl_exp=homepage-hero:countdown");
    expect(control.html).toContain(JACKPOT);
    expect(control.html).not.toContain(COUNTDOWN);
    expect(countdown.html).toContain(COUNTDOWN);
    expect(countdown.html).not.toContain(JACKPOT);

    const controlAgain = await home("kl_exp=homepage-hero:control");
    const countdownAgain = await home("kl_consent=1.basis.1; kl_exp=homepage-hero:countdown");
    expect(controlAgain.cache).toBe("HIT");
    expect(countdownAgain.cache).toBe("HIT");
    expect(controlAgain.html).toBe(control.html);
    expect(countdownAgain.html).toBe(countdown.html);
    // Kept by the visitor's browser only: a CDN would hand one group's page to everyone.
    expect(countdownAgain.response.headers.get("cache-control")).toBe("private, max-age=60");
  });

  it("draws a first visitor's group by weight on the server, sets it in a cookie and never caches that answer", async () => {
    const first = await home();
    const [cookie] = first.response.headers.getSetCookie();
    expect(cookie).toMatch(
      /^kl_exp=homepage-hero:(control|countdown); Max-Age=31536000; Path=\/; SameSite=Lax; HttpOnly$/,
    );
    expect(first.response.headers.get("cache-control")).toBe("private, no-store");
    expect(first.cache).toBeNull();
    const group = /homepage-hero:(\w+)/.exec(cookie ?? "")?.[1];
    expect(first.html).toContain(group === "countdown" ? COUNTDOWN : JACKPOT);
    // With the cookie, the same visitor gets the same page again, now from the cache.
    const again = await home(cookie?.split(";")[0]);
    expect(again.html).toContain(group === "countdown" ? COUNTDOWN : JACKPOT);
    expect(again.response.headers.getSetCookie()).toEqual([]);
  });

  it("answers a client-side navigation's payload for the visitor's group", async () => {
    const payload = async (group: string) =>
      (
        await fetch(`${shop.url}/_payload.json`, { headers: { cookie: `kl_exp=homepage-hero:${group}` } })
      ).json();
    const countdown = await payload("countdown");
    const control = await payload("control");
    expect(countdown.page.blocks[0].id).toBe("hero-home-aftelklok");
    // The page says which group it shows, for the exposure event.
    expect(countdown.page.experiments).toEqual([{ experimentKey: "homepage-hero", group: "countdown" }]);
    expect(control.page.blocks[0].id).toBe("hero-home");
    expect((await payload("countdown")).page.blocks[0].id).toBe("hero-home-aftelklok");
  });
});
