import { Router } from "express";
import { sendProblem } from "@/src/backend/http/send-problem";
import { problem } from "@/src/contract/problem";
import { CachePolicy } from "@/src/lib/cache-policy";
import { isAbsoluteUrl, type RouteRule } from "@/src/lib/route-rules";
import type { AppServices } from "@/src/shop/app/request-context";

/**
 * `GET builds/latest.json?{timestamp}` and `GET builds/meta/{buildId}.json` (spec section 7): the client
 * polls the first to notice a deploy and reads the route rules from the second.
 */
export function buildEndpoints(
  services: Pick<AppServices, "build" | "routeRules"> & { prerendered?: () => string[] },
): Router {
  const router = Router();

  router.get("/builds/latest.json", (_req, res) => {
    res.setHeader("Cache-Control", CachePolicy.noStore);
    res.json({ id: services.build.id });
  });

  router.get("/builds/meta/:file", async (req, res) => {
    const id = req.params.file.replace(/\.json$/, "");
    if (!req.params.file.endsWith(".json") || id !== services.build.id) {
      return sendProblem(res, problem(404, { detail: "Unknown build id" }));
    }
    res.setHeader("Cache-Control", CachePolicy.immutable);
    res.json(routeRulesMeta(services.build, await services.routeRules(), services.prerendered?.() ?? []));
  });

  return router;
}

export function routeRulesMeta(
  build: AppServices["build"],
  routeRules: readonly RouteRule[],
  prerenderedPaths: readonly string[],
) {
  const matcher: Record<
    string,
    {
      redirect?: { to: string; statusCode: number; external: boolean };
      prerender?: boolean;
      appMiddleware?: string[];
    }
  > = {};
  const redirect: Record<string, { to: string; statusCode: number; external: boolean }> = {};
  const appMiddleware: Record<string, string[]> = {};
  const prerendered: string[] = [];
  for (const rule of routeRules) {
    const entry = matcher[rule.matcher] ?? {};
    matcher[rule.matcher] = entry;
    if (rule.redirect) {
      const target = {
        to: rule.redirect.to,
        statusCode: rule.redirect.permanent ? 301 : 302,
        external: isAbsoluteUrl(rule.redirect.to),
      };
      entry.redirect = target;
      redirect[rule.matcher] = target;
    }
    if (rule.prerendered) {
      entry.prerender = true;
      prerendered.push(rule.matcher);
    }
    if (rule.appMiddleware?.length) {
      entry.appMiddleware = rule.appMiddleware;
      appMiddleware[rule.matcher] = rule.appMiddleware;
    }
  }
  for (const path of prerenderedPaths) if (!prerendered.includes(path)) prerendered.push(path);
  return {
    id: build.id,
    timestamp: Date.parse(build.builtAt) || 0,
    matcher,
    prerendered,
    redirect,
    appMiddleware,
  };
}
