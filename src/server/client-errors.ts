import express, { Router } from "express";
import { z } from "zod";
import { sendProblem } from "@/src/backend/http/send-problem";
import { problem } from "@/src/contract/problem";
import { isBotUserAgent } from "@/src/shop/app/client/bot";
import { loggableUrl } from "./http/request-log";

const ClientErrorSchema = z.object({
  message: z.string().max(2000),
  stack: z.string().max(8000).optional(),
  url: z.string().max(2000),
  kind: z.string().max(40),
});

/** Browser errors reach the server log here (spec section 2: bots' errors are reported, not shown). */
export function clientErrorEndpoint(): Router {
  const router = Router();
  router.post(
    "/api/client-errors",
    express.json({ limit: "16kb", type: ["application/json", "text/plain"] }),
    (req, res) => {
      const parsed = ClientErrorSchema.safeParse(req.body);
      if (!parsed.success) return sendProblem(res, problem(400, { detail: "Not a client error report" }));
      const userAgent = req.get("user-agent") ?? "";
      const clientError = { ...parsed.data, url: loggablePageUrl(parsed.data.url) };
      res.locals.log.warn({ clientError, userAgent, bot: isBotUserAgent(userAgent) }, "client error");
      res.status(204).end();
    },
  );
  return router;
}

/** The reported page's address under the access log's rule (no query string on the portal's pages). */
function loggablePageUrl(reported: string): string {
  try {
    const url = new URL(reported);
    return url.origin + loggableUrl(url.pathname + url.search);
  } catch {
    return loggableUrl(reported);
  }
}
