import pino from "pino";
import { describe, expect, it } from "vitest";
import type { RequestContext } from "@/src/server/request-context";
import { runRouteMiddleware, UnknownRouteMiddlewareError } from "./registry.server";

function contextFor(loggedIn: boolean, portalOrigin?: string): RequestContext {
  const logger = pino({ level: "silent" });
  return {
    services: {
      config: { portalOrigin } as RequestContext["services"]["config"],
      logger,
      build: { id: "test", builtAt: "" },
      routeRules: async () => [],
      cms: {} as RequestContext["services"]["cms"],
      sessions: {} as RequestContext["services"]["sessions"],
      auth: { isLoggedIn: async () => loggedIn },
      db: {} as RequestContext["services"]["db"],
      payments: {} as RequestContext["services"]["payments"],
    },
    requestId: "r1",
    nonce: "n",
    log: logger,
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
    expect(response.headers.get("Location")).toMatch(
      /^https:\/\/portal\.kroonloterij\.example\/inloggen\?returnUrl=/,
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
