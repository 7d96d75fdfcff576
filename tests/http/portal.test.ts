import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentFixture } from "../support/content-fixture";
import { startTestShop, type TestShop } from "../support/shop-server";

let shop: TestShop;
let fixture: ReturnType<typeof contentFixture>;

beforeAll(async () => {
  fixture = contentFixture();
  const settings = JSON.parse(readFileSync(path.join(fixture.dir, "entries/site-settings.json"), "utf8"));
  settings.fields.emergencyBanner = "Storing bij iDEAL: betalen kan later vandaag weer.";
  fixture.write("entries/site-settings.json", settings);
  shop = await startTestShop({ env: { CONTENT_DIR: fixture.dir } });
});
afterAll(async () => {
  await shop?.shutdown();
  fixture?.remove();
});

const get = (pathname: string, init: RequestInit = {}) =>
  fetch(`${shop.url}${pathname}`, { redirect: "manual", ...init });

describe("the embedded portal", () => {
  it("shows the CMS emergency banner on every page", async () => {
    // (The prerendered home page shows it after its first background refresh.)
    for (const page of ["/over-ons", "/loten", "/inloggen", "/bestaat-niet"]) {
      expect(await (await get(page)).text()).toContain("Storing bij iDEAL: betalen kan later vandaag weer.");
    }
  });

  it("refuses a logout without the anti-forgery token and says so", async () => {
    const response = await get("/uitloggen?returnUrl=%2Floten", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "RequestVerificationToken=vals",
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/loten");
    expect(response.headers.getSetCookie().join()).toContain("kl_flash=");
    expect(response.headers.getSetCookie().join()).not.toContain("kl_sid=");
    expect(shop.logsMatching("logout_refused")).toHaveLength(1);
  });

  it("logs out with the session's token and never redirects off-site", async () => {
    const tokenResponse = await get("/api/authentication/get-token");
    const cookie = tokenResponse.headers.getSetCookie()[0]?.split(";")[0] ?? "";
    const { token } = await tokenResponse.json();
    const response = await get(`/uitloggen?returnUrl=${encodeURIComponent("https://evil.example/")}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie },
      body: `RequestVerificationToken=${encodeURIComponent(token)}`,
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/");
    expect(
      decodeURIComponent(
        response.headers.getSetCookie().find((value) => value.startsWith("kl_flash=")) ?? "",
      ),
    ).toContain("Je bent uitgelogd.");
  });

  it("keeps the portal's query parameters on its pages", async () => {
    const html = await (
      await get("/inloggen?returnUrl=%2Fmijn&regVertical=loterij&skipCompletionFlow=true")
    ).text();
    expect(html).toContain(
      'href="/aanmelden?returnUrl=%2Fmijn&amp;regVertical=loterij&amp;skipCompletionFlow=true"',
    );
  });
});

describe("PORTAL_ORIGIN", () => {
  it("sends the portal pages to the operator's portal with the same parameters, return addresses on the shop", async () => {
    const operator = await startTestShop({ env: { PORTAL_ORIGIN: "https://portaal.kroonloterij.example" } });
    try {
      const login = await fetch(`${operator.url}/inloggen?returnUrl=%2Fmijn&cancelUrl=%2F`, {
        redirect: "manual",
      });
      // The operator's portal is another site: a path would send the player to a page of the portal's.
      expect(login.headers.get("location")).toBe(
        "https://portaal.kroonloterij.example/inloggen?returnUrl=http%3A%2F%2Fshop.test%2Fmijn&cancelUrl=http%3A%2F%2Fshop.test%2F",
      );
      const mijn = await fetch(`${operator.url}/mijn`, { redirect: "manual" });
      expect(mijn.headers.get("location")).toBe(
        "https://portaal.kroonloterij.example/inloggen?returnUrl=http%3A%2F%2Fshop.test%2Fmijn",
      );
      // Without a return address the portal sends the player to the shop's home page, not its own.
      const bare = await fetch(`${operator.url}/aanmelden`, { redirect: "manual" });
      expect(bare.headers.get("location")).toBe(
        "https://portaal.kroonloterij.example/aanmelden?returnUrl=http%3A%2F%2Fshop.test%2F",
      );
      // Another site as the return address is not passed on.
      const foreign = await fetch(`${operator.url}/inloggen?returnUrl=https%3A%2F%2Fevil.example%2F`, {
        redirect: "manual",
      });
      expect(foreign.headers.get("location")).toBe(
        "https://portaal.kroonloterij.example/inloggen?returnUrl=http%3A%2F%2Fshop.test%2F",
      );
    } finally {
      await operator.shutdown();
    }
  });
});
