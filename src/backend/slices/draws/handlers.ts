import { implement } from "@/src/backend/http/router";
import { cachedPublishedDraws } from "@/src/backend/slices/draws/published-draws.server";
import { getPublishedDraws } from "@/src/contract/draws";
import { CachePolicy } from "@/src/lib/cache-policy";

export const drawHandlers = [
  implement(getPublishedDraws, async ({ query }, { services, res }) => {
    res.setHeader("Cache-Control", CachePolicy.results);
    return cachedPublishedDraws(services.db, query);
  }),
];
