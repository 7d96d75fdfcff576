import http from "node:http";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { previewLink } from "@/src/shop/cms/preview.server";
import { hostileExamples, hostileTarget, landingOrigins } from "../support/hostile-targets";
import { startTestShop, type TestShop } from "../support/shop-server";

/**
 * Every route that sends the browser to a caller's target (issue 13, open redirects), with targets that
 * pass a check on their text but lead a browser to another host: each answer stays on the shop.
 */
const SESSION_SECRET = "test-secret-test-secret-test-secret-0123";
const BASE_URL = "http://shop.test";
const hosts = { host: "evil.example", lookAlikes: ["shop.test", "127.0.0.1"] };
const TARGETS = [...hostileExamples(hosts), ...fc.sample(hostileTarget(hosts), { seed: 13, numRuns: 30 })];

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop({ env: { SESSION_SECRET, BASE_URL } });
});
afterAll(async () => {
  await shop?.shutdown();
});

const request = (pathname: string, init: RequestInit = {}) =>
  fetch(`${shop.url}${pathname}`, { redirect: "manual", ...init });
const query = (name: string, target: string) => `${name}=${encodeURIComponent(target)}`;

/** The shop as the browser sees it (127.0.0.1) and as it calls itself (BASE_URL): nothing else. */
function expectOnShop(address: string | null, pageUrl: string, target: string) {
  expect(address, JSON.stringify(target)).not.toBeNull();
  for (const origin of landingOrigins(address ?? "", pageUrl)) {
    expect([new URL(shop.url).origin, BASE_URL], `${JSON.stringify(target)} -> ${address}`).toContain(origin);
  }
}

/** A route's loader data as React Router's single fetch sends it (turbo-stream: a flat JSON array). */
async function loaderString(pathname: string, key: string): Promise<string | undefined> {
  const response = await request(pathname);
  expect(response.status).toBe(200);
  const [first = "[]"] = (await response.text()).split("\n");
  const values = JSON.parse(first) as unknown[];
  const keyIndex = values.indexOf(key);
  for (const value of values) {
    if (value && typeof value === "object" && `_${keyIndex}` in value) {
      const at = (value as Record<string, number>)[`_${keyIndex}`];
      if (typeof at === "number" && typeof values[at] === "string") return values[at] as string;
    }
  }
  return undefined;
}

function hrefsOf(html: string, className: string): string[] {
  const pattern = new RegExp(`<a class="${className}" href="([^"]*)"`, "g");
  return [...html.matchAll(pattern)].map(([, href = ""]) => href.replaceAll("&amp;", "&"));
}

describe("hostile redirect targets stay on the shop", () => {
  it("while a path of the shop is kept", async () => {
    const search = `?${query("returnUrl", "/mijn?tab=loten")}`;
    expect(await loaderString(`/inloggen.data${search}`, "returnUrl")).toBe("/mijn?tab=loten");
    expect(hrefsOf(await (await request(`/aanmelden/voltooien${search}`)).text(), "button")).toEqual([
      "/mijn?tab=loten",
    ]);
    const exit = await request(`/api/cms/preview/exit?${query("path", "/loten")}`);
    expect(exit.headers.get("location")).toBe("/loten");
  });

  it("logout, accepted", async () => {
    for (const target of TARGETS) {
      const tokenResponse = await request("/api/authentication/get-token");
      const cookie = tokenResponse.headers.getSetCookie()[0]?.split(";")[0] ?? "";
      const { token } = (await tokenResponse.json()) as { token: string };
      const pathname = `/uitloggen?${query("returnUrl", target)}`;
      const response = await request(pathname, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie },
        body: `RequestVerificationToken=${encodeURIComponent(token)}`,
      });
      expect(response.status).toBe(303);
      expect(decodeURIComponent(response.headers.getSetCookie().join())).toContain("Je bent uitgelogd.");
      expectOnShop(response.headers.get("location"), `${shop.url}${pathname}`, target);
    }
  });

  it("logout, refused for want of the anti-forgery token", async () => {
    for (const target of TARGETS) {
      const pathname = `/uitloggen?${query("returnUrl", target)}`;
      const response = await request(pathname, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "RequestVerificationToken=vals",
      });
      expect(response.status).toBe(303);
      expectOnShop(response.headers.get("location"), `${shop.url}${pathname}`, target);
    }
  });

  it("the CMS preview's exit, and a signed preview link", async () => {
    for (const target of TARGETS) {
      const exit = `/api/cms/preview/exit?${query("path", target)}`;
      const response = await request(exit);
      expect(response.status).toBe(302);
      expectOnShop(response.headers.get("location"), `${shop.url}${exit}`, target);

      const enter = previewLink(SESSION_SECRET, target);
      const entered = await request(enter);
      if (entered.status !== 403)
        expectOnShop(entered.headers.get("location"), `${shop.url}${enter}`, target);
    }
  });

  it("login and registration: where the form sends the player, and the cancel link", async () => {
    for (const target of TARGETS) {
      for (const page of ["/inloggen", "/aanmelden"]) {
        const search = `?${query("returnUrl", target)}&${query("cancelUrl", target)}`;
        const returnUrl = await loaderString(`${page}.data${search}`, "returnUrl");
        expectOnShop(returnUrl ?? null, `${shop.url}${page}${search}`, target);
        const cancel = hrefsOf(await (await request(`${page}${search}`)).text(), "button button--secondary");
        for (const href of cancel) expectOnShop(href, `${shop.url}${page}${search}`, target);
      }
    }
  });

  it("the completion step after registration", async () => {
    for (const target of TARGETS) {
      const pathname = `/aanmelden/voltooien?${query("returnUrl", target)}`;
      const [next] = hrefsOf(await (await request(pathname)).text(), "button");
      expectOnShop(next ?? null, `${shop.url}${pathname}`, target);
    }
  });
});

describe("the trailing-slash redirect (issue 40 item 8)", () => {
  /** A request as a browser or a crafted link sends it: the path exactly as given (fetch would clean it). */
  function rawGet(pathname: string): Promise<{ status: number; location: string | undefined }> {
    return new Promise((resolve, reject) => {
      const request = http.get(`${shop.url}/`, { path: pathname }, (response) => {
        response.resume();
        resolve({ status: response.statusCode ?? 0, location: response.headers.location });
      });
      request.on("error", reject);
    });
  }

  it("never sends the browser to another host, whatever the path starts with", async () => {
    const hostile = TARGETS.filter((target) => /^[\x21-\x7e]+$/.test(target));
    for (const target of [
      "/\\evil.example/",
      "/\\/evil.example/",
      "//evil.example//",
      ...hostile.map((t) => `/${t}/`),
    ]) {
      const pathname = target.startsWith("/") ? target : `/${target}`;
      const { status, location } = await rawGet(pathname.endsWith("/") ? pathname : `${pathname}/`);
      if (status !== 301) continue;
      // Where the browser goes: the Location header resolved against the page, as browsers do.
      expect(new URL(location ?? "", `${shop.url}/a/b`).origin, `${target} -> ${location}`).toBe(
        new URL(shop.url).origin,
      );
    }
    expect(await rawGet("/\\evil.example/")).toEqual({ status: 301, location: "/evil.example" });
    expect(await rawGet("/loten/?x=1")).toEqual({ status: 301, location: "/loten?x=1" });
  });
});

describe("hostile return addresses passed on to the operator's portal (PORTAL_ORIGIN)", () => {
  it("name this shop, never the other host", async () => {
    const operator = await startTestShop({
      env: { SESSION_SECRET, BASE_URL, PORTAL_ORIGIN: "https://portaal.kroonloterij.example" },
    });
    try {
      for (const target of TARGETS) {
        for (const page of ["/inloggen", "/aanmelden", "/uitloggen"]) {
          const response = await fetch(
            `${operator.url}${page}?${query("returnUrl", target)}&${query("cancelUrl", target)}`,
            { redirect: "manual", method: page === "/uitloggen" ? "POST" : "GET" },
          );
          const location = new URL(response.headers.get("location") ?? "");
          expect(location.origin).toBe("https://portaal.kroonloterij.example");
          for (const name of ["returnUrl", "cancelUrl"]) {
            // An empty parameter is passed on empty: no address at all.
            const passedOn = location.searchParams.get(name) || `${BASE_URL}/`;
            expect(new URL(passedOn).origin, `${JSON.stringify(target)} -> ${passedOn}`).toBe(BASE_URL);
          }
        }
      }
    } finally {
      await operator.shutdown();
    }
  });
});
