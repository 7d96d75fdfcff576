import { afterEach, describe, expect, it } from "vitest";
import { startTestShop, type TestShop } from "../support/shop-server";

let shop: TestShop | undefined;
afterEach(async () => {
  await shop?.shutdown();
  shop = undefined;
});

async function sessionCookie(env: Record<string, string>): Promise<string | undefined> {
  shop = await startTestShop({ env });
  const response = await fetch(`${shop.url}/api/token`);
  return response.headers.getSetCookie().find((cookie) => cookie.includes("kl_sid="));
}

describe("session cookies (spec section 9)", () => {
  it("uses the __Host- prefix, Secure and HttpOnly on https without a cookie domain", async () => {
    const cookie = await sessionCookie({ BASE_URL: "https://www.kroonloterij.example" });
    expect(cookie).toMatch(/^__Host-kl_sid=[\w-]{43};/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).not.toMatch(/Domain=/);
  });

  it("uses the __Secure- prefix scoped to the parent domain when a cookie domain is set", async () => {
    const cookie = await sessionCookie({
      BASE_URL: "https://www.kroonloterij.example",
      COOKIE_DOMAIN: ".kroonloterij.example",
    });
    expect(cookie).toMatch(/^__Secure-kl_sid=/);
    expect(cookie).toMatch(/; Domain=\.?kroonloterij\.example/);
  });

  it("uses plain names on http, as on a developer's machine", async () => {
    const cookie = await sessionCookie({ BASE_URL: "http://localhost:3000" });
    expect(cookie).toMatch(/^kl_sid=/);
    expect(cookie).not.toMatch(/Secure/);
  });
});
