import pino from "pino";
import { describe, expect, it } from "vitest";
import type { Profile } from "@/src/contract/portal";
import type { RequestContext } from "@/src/shop/app/request-context";
import { runRouteMiddleware, UnknownRouteMiddlewareError } from "./registry.server";

function contextFor(loggedIn: boolean, portalOrigin?: string): RequestContext {
  const logger = pino({ level: "silent" });
  const unused = { call: () => Promise.reject(new Error("no API call expected")) };
  return {
    services: {
      config: {
        portalOrigin,
        baseUrl: "https://www.kroonloterij.example",
        partnerHosts: {},
        shopOrigins: [],
      } as unknown as RequestContext["services"]["config"],
      logger,
      build: { id: "test", builtAt: "" },
      routeRules: async () => [],
      cms: {} as RequestContext["services"]["cms"],
      clientsFor: () => ({ shop: unused, portal: unused }),
    },
    requestId: "r1",
    nonce: "n",
    log: logger,
    clients: { shop: unused, portal: unused },
    player: async () => (loggedIn ? ({ customerNumber: "100000001" } as Profile) : undefined),
    setCookie: () => undefined,
  };
}

async function thrownBy(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the middleware to throw");
}

describe("runRouteMiddleware", () => {
  const request = new Request("http://localhost/mijn/loten?jaar=2026");
  const url = new URL(request.url);

  it("sends an anonymous visitor to the portal login with the return address", async () => {
    const response = (await thrownBy(
      runRouteMiddleware(["auth"], { request, url, context: contextFor(false) }),
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/inloggen?returnUrl=%2Fmijn%2Floten%3Fjaar%3D2026");
  });

  it("uses the operator's portal when one is configured", async () => {
    const context = contextFor(false, "https://portal.kroonloterij.example");
    const response = (await thrownBy(runRouteMiddleware(["auth"], { request, url, context }))) as Response;
    // The operator's portal is another site: the return address names this shop's origin.
    expect(response.headers.get("Location")).toBe(
      `https://portal.kroonloterij.example/inloggen?returnUrl=${encodeURIComponent("https://www.kroonloterij.example/mijn/loten?jaar=2026")}`,
    );
  });

  it("lets a logged-in player through auth and sends them away from guest pages", async () => {
    await expect(
      runRouteMiddleware(["auth"], { request, url, context: contextFor(true) }),
    ).resolves.toBeUndefined();
    const response = (await thrownBy(
      runRouteMiddleware(["guest"], { request, url, context: contextFor(true) }),
    )) as Response;
    expect(response.headers.get("Location")).toBe("/mijn");
  });

  it("fails with Unknown route middleware before running any middleware", async () => {
    const error = await thrownBy(
      runRouteMiddleware(["auth", "vip"], { request, url, context: contextFor(false) }),
    );
    expect(error).toBeInstanceOf(UnknownRouteMiddlewareError);
    expect((error as Error).message).toBe("Unknown route middleware: 'vip'");
  });
});
