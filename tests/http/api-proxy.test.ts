import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestShop, type TestShop } from "../support/shop-server";

/** A stand-in for the operator's API: it echoes what reached it. */
let upstream: http.Server;
let upstreamUrl: string;
let shop: TestShop;

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      res.writeHead(req.url === "/api/kapot" ? 503 : 200, {
        "content-type": "application/json",
        "set-cookie": "operator=1; Path=/",
      });
      res.end(
        JSON.stringify({
          method: req.method,
          url: req.url,
          token: req.headers.requestverificationtoken,
          cookie: req.headers.cookie,
          body,
        }),
      );
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  const address = upstream.address() as { port: number };
  upstreamUrl = `http://127.0.0.1:${address.port}`;
  shop = await startTestShop({ env: { API_ORIGIN: upstreamUrl } });
});
afterAll(async () => {
  await shop?.shutdown();
  upstream?.close();
});

describe("API_ORIGIN", () => {
  it("sends /api calls with their method, query, cookies, token and body to the operator's API", async () => {
    const response = await fetch(`${shop.url}/api/tickets/verify/42?x=1`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        cookie: "kl_sid=abc",
        RequestVerificationToken: "t0k3n",
      },
      body: JSON.stringify({ quantity: 2 }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toContain("operator=1; Path=/");
    expect(await response.json()).toEqual({
      method: "POST",
      url: "/api/tickets/verify/42?x=1",
      token: "t0k3n",
      cookie: "kl_sid=abc",
      body: '{"quantity":2}',
    });
  });

  it("passes the operator's error statuses through", async () => {
    expect((await fetch(`${shop.url}/api/kapot`)).status).toBe(503);
  });
});
