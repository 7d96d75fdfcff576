import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestShop, type TestShop } from "../support/shop-server";

let shop: TestShop;

beforeAll(async () => {
  shop = await startTestShop({
    extraRouteRules: [{ matcher: "/actie/geheim", appMiddleware: ["vip-only"] }],
  });
});
afterAll(() => shop?.shutdown());

const get = (path: string, init: RequestInit = {}) =>
  fetch(`${shop.url}${path}`, { redirect: "manual", ...init });

describe("canonical URLs", () => {
  it("removes a trailing slash with a 301 that keeps the query", async () => {
    const response = await get("/loten/?a=1");
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe("/loten?a=1");
  });

  it("never turns leading slashes into a redirect to another host", async () => {
    const response = await get("//evil.example/");
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe("/evil.example");
  });

  it("redirects by route rules: relative targets keep the query, absolute ones stay absolute", async () => {
    const relative = await get("/uitslag?trekking=1201");
    expect(relative.status).toBe(301);
    expect(relative.headers.get("location")).toBe("/trekkingsuitslag?trekking=1201");
    const absolute = await get("/spelregels");
    expect(absolute.headers.get("location")).toBe("https://www.kroonloterij.example/spelregels");
  });
});

describe("the error page", () => {
  it("answers an unknown path with 404, the Dutch title, the path, the links and the button", async () => {
    const response = await get("/bestaat-niet");
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("Deze pagina is niet bereikbaar");
    expect(html).toContain("Page Not Found: /bestaat-niet");
    expect(html).toContain('href="http://shop.test/trekkingsuitslag"');
    expect(html).toContain('href="http://shop.test/loten"');
    expect(html).toContain('href="http://shop.test/mijn"');
    expect(html).toMatch(/<a class="button" href="http:\/\/shop.test\/">Naar de homepage<\/a>/);
    expect(html).toContain("/images/error-woman.svg");
  });

  it("shows the error page and logs Unknown route middleware for a route naming one", async () => {
    const response = await get("/actie/geheim");
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(html).toContain("Oeps, er is iets fout gegaan");
    expect(html).not.toContain("Unknown route middleware");
    expect(html).not.toMatch(/at \S+ \(.*:\d+:\d+\)/);
    expect(shop.logsMatching("Unknown route middleware: 'vip-only'").length).toBeGreaterThan(0);
  });
});

describe("bad input at the HTTP layer", () => {
  it("answers bad percent-encoding with a 400 error page", async () => {
    const response = await get("/%E0%A4%A");
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Oeps, er is iets fout gegaan");
  });

  it("answers an over-long path with a 400 error page", async () => {
    const response = await get(`/${"a".repeat(3000)}`);
    expect(response.status).toBe(400);
  });

  it("answers an unsupported method on a page with 405 and Allow", async () => {
    const response = await get("/loten", { method: "DELETE" });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD, POST");
  });

  it("answers unknown API paths with problem details, never HTML", async () => {
    const response = await get("/api/bestaat-niet");
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toContain("application/problem+json");
    expect(await response.json()).toMatchObject({ status: 404, title: "Not Found" });
  });
});

/** fetch() may not set Host, so partner hosts are requested with node:http. */
function getHtmlWithHost(path: string, host: string): Promise<string> {
  const { port } = new URL(shop.url);
  return new Promise((resolve, reject) => {
    httpRequest({ host: "127.0.0.1", port, path, headers: { host } }, (response) => {
      let html = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => {
        html += chunk;
      });
      response.on("end", () => resolve(html));
    })
      .on("error", reject)
      .end();
  });
}

/** A page's status and redirect on a partner's host (node:http: fetch() may not set Host). */
function answerOnHost(path: string, host: string): Promise<{ status?: number; location?: string }> {
  const { port } = new URL(shop.url);
  return new Promise((resolve, reject) => {
    httpRequest({ host: "127.0.0.1", port, path, headers: { host } }, (response) => {
      response.resume();
      response.on("end", () => resolve({ status: response.statusCode, location: response.headers.location }));
    })
      .on("error", reject)
      .end();
  });
}

describe("a partner's white-label host (issue 40)", () => {
  it("has the partner's landing page as its home; the shop's own host keeps its home", async () => {
    expect(await answerOnHost("/", "tankstation.localhost")).toEqual({
      status: 302,
      location: "/partner/tankstation",
    });
    expect(await answerOnHost("/", "bladwijzer.localhost:3000")).toEqual({
      status: 302,
      location: "/partner/bladwijzer",
    });
    expect((await get("/")).status).toBe(200);
  });

  it("sends another partner's page to the shop's own host, and shows its own and the shop's pages", async () => {
    expect(await answerOnHost("/partner/tankstation?x=1", "bladwijzer.localhost:3000")).toEqual({
      status: 302,
      location: "http://shop.test/partner/tankstation?x=1",
    });
    expect((await answerOnHost("/partner/bladwijzer", "bladwijzer.localhost:3000")).status).toBe(200);
    expect((await answerOnHost("/over-ons", "tankstation.localhost")).status).toBe(200);
    expect((await answerOnHost("/loten", "tankstation.localhost")).status).toBe(200);
  });
});

describe("layouts", () => {
  const layoutOf = async (host?: string) => {
    const html = host ? await getHtmlWithHost("/loten", host) : await (await get("/loten")).text();
    return html.match(/data-layout="([^"]+)"/)?.[1];
  };

  it("selects the default layout for the shop's own host", async () => {
    expect(await layoutOf()).toBe("default");
  });

  it("selects the custom white-label layout on the two retail partners' hosts", async () => {
    expect(await layoutOf("bladwijzer.localhost")).toBe("custom-white-label");
    expect(await layoutOf("buurtsuper.localhost:3000")).toBe("custom-white-label");
  });

  it("selects the basic white-label layout for any other partner theme", async () => {
    expect(await layoutOf("tankstation.localhost")).toBe("basic-white-label");
  });

  it("has the shop header and the responsible-gaming footer in the default layout", async () => {
    const html = await (await get("/loten")).text();
    expect(html).toContain(">Trekkingsuitslag</a>");
    expect(html).toContain("Speel bewust 18+");
    expect(html).toContain("Wat kost gokken jou? Stop op tijd. 18+");
  });
});

describe("server-rendered data", () => {
  it("renders the recent published draws into /trekkingsuitslag, with the query state for hydration", async () => {
    const html = await (await get("/trekkingsuitslag")).text();
    expect(html).toContain("Recente trekkingen");
    expect(html).toMatch(/Maandtrekking \w+ 20\d\d/);
    expect(html).toMatch(/€\s?\d/);
    // The editors' draw-results block shows the latest result; the page lists the recent draws once.
    expect(html).toContain('class="draw-results"');
    expect(html).not.toContain("Eerdere trekkingen");
  });
});

describe("build endpoints", () => {
  it("returns the running build id and its route rules", async () => {
    const latest = await (await get(`/builds/latest.json?${Date.now()}`)).json();
    expect(latest).toEqual({ id: shop.services.build.id });
    const meta = await (await get(`/builds/meta/${latest.id}.json`)).json();
    expect(meta.id).toBe(latest.id);
    expect(meta.prerendered).toContain("/oudejaarstrekking");
    expect(meta.appMiddleware["/mijn/**"]).toEqual(["auth"]);
    expect(meta.redirect["/spelregels"]).toMatchObject({ external: true });
    expect(meta.matcher["/uitslag"].redirect).toMatchObject({ to: "/trekkingsuitslag", statusCode: 301 });
  });

  it("answers an unknown build id with 404", async () => {
    expect((await get("/builds/meta/0000.json")).status).toBe(404);
  });
});

describe("health", () => {
  it("answers liveness and readiness", async () => {
    expect(await (await get("/healthz")).json()).toEqual({ status: "ok" });
    const ready = await get("/readyz");
    expect(ready.status).toBe(200);
    expect((await ready.json()).status).toBe("ready");
  });

  it("tags every response with a request id", async () => {
    const response = await get("/healthz", { headers: { "x-request-id": "abc-123" } });
    expect(response.headers.get("x-request-id")).toBe("abc-123");
  });
});

describe("client error reports", () => {
  it("writes a reported browser error to the server log", async () => {
    const response = await get("/api/client-errors", {
      method: "POST",
      headers: { "content-type": "application/json", "user-agent": "Googlebot/2.1" },
      body: JSON.stringify({ message: "kapot-in-de-browser", url: "http://shop.test/loten", kind: "error" }),
    });
    expect(response.status).toBe(204);
    const [entry] = shop.logsMatching("kapot-in-de-browser");
    expect(entry).toMatchObject({ msg: "client error", bot: true });
  });
});

describe("web vitals (issue 20 telemetry)", () => {
  const vital = { page: "/loten", buildId: "abc123", name: "LCP", value: 1234, rating: "good" };
  // As `navigator.sendBeacon` sends a string.
  const post = (body: unknown) =>
    get("/api/telemetry", {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });

  it("writes a beacon's vital to the log as a JSON line with the page's build id", async () => {
    const response = await post({ ...vital, page: "/telemetrie-test" });
    expect(response.status).toBe(204);
    const [entry] = shop.logsMatching("/telemetrie-test");
    expect(entry).toMatchObject({
      msg: "web vital",
      buildId: "abc123",
      telemetry: { page: "/telemetrie-test", name: "LCP", value: 1234, rating: "good" },
    });
  });

  it("refuses what is no vital, a query in the page, and a payload over its bound", async () => {
    for (const body of [
      { ...vital, name: "FID" },
      { ...vital, value: -1 },
      { ...vital, page: "/loten?email=a@b.nl" },
      { ...vital, page: "https://elders.example/" },
      "{not json",
    ]) {
      const response = await post(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.headers.get("content-type")).toContain("application/problem+json");
    }
    expect((await post({ ...vital, padding: "x".repeat(2000) })).status).toBe(413);
  });

  it("limits a flood from one address (429) and logs none of the excess", async () => {
    const answers: number[] = [];
    for (let index = 0; index < 125; index++) {
      answers.push((await post({ ...vital, page: `/vloed-${index}` })).status);
    }
    expect(answers.filter((status) => status === 204).length).toBeLessThanOrEqual(120);
    expect(answers.at(-1)).toBe(429);
    expect(shop.logsMatching("/vloed-124")).toEqual([]);
  });
});

describe("graceful shutdown", () => {
  it("finishes a request in flight, then refuses new connections", async () => {
    const own = await startTestShop();
    const { port } = new URL(own.url);
    const body = JSON.stringify({ message: "langzaam", url: "http://shop.test/", kind: "error" });
    // The shutdown starts once the server has the request (its headers read): before that the connection
    // is idle to the server, and closing idle connections is what a shutdown does first.
    const received = new Promise((resolve) => own.server.once("request", resolve));
    const inFlight = new Promise<number>((resolve, reject) => {
      const request = httpRequest(
        {
          host: "127.0.0.1",
          port,
          path: "/api/client-errors",
          method: "POST",
          headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
        },
        (response) => resolve(response.statusCode ?? 0),
      );
      request.on("error", reject);
      request.write(body.slice(0, 10));
      setTimeout(() => request.end(body.slice(10)), 300);
    });
    await received;
    const stopped = own.shutdown();
    expect(await inFlight).toBe(204);
    await stopped;
    await expect(fetch(`${own.url}/healthz`)).rejects.toThrow();
    expect(own.logsMatching("shutdown complete")).toHaveLength(1);
  });
});
