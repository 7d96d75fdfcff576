import express, { Router } from "express";
import { z } from "zod";
import { problem } from "@/src/api/contract/problem";
import { sendProblem } from "@/src/api/server/send-problem";
import { isBotUserAgent } from "@/src/app/client/bot";

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
      res.locals.log.warn(
        { clientError: parsed.data, userAgent, bot: isBotUserAgent(userAgent) },
        "client error",
      );
      res.status(204).end();
    },
  );
  return router;
}
