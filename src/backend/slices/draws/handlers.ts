import { implement } from "@/src/backend/http/router";
import { cachedPublishedDraws } from "@/src/backend/slices/draws/published-draws.server";
import { getPublishedDraws } from "@/src/contract/draws";

export const drawHandlers = [
  implement(getPublishedDraws, async ({ query }, { services, res }) => {
    res.setHeader("Cache-Control", "public, max-age=60, stale-while-revalidate=300");
    return cachedPublishedDraws(services.db, query);
  }),
];
