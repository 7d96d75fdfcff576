import { getPublishedDraws } from "@/src/api/contract/draws";
import { cachedPublishedDraws } from "@/src/features/draws/published-draws.server";
import { implement } from "../router";

export const drawHandlers = [
  implement(getPublishedDraws, async ({ query }, { services, res }) => {
    res.setHeader("Cache-Control", "public, max-age=60, stale-while-revalidate=300");
    return cachedPublishedDraws(services.db, query);
  }),
];
