import express, { type Request, type Response, type Router } from "express";
import type { Logger } from "pino";
import { z } from "zod";
import { CachePolicy } from "@/src/lib/cache-policy";
import { directDebitSimulator as text } from "@/src/lib/messages";
import type { NotifyShop } from "../payments/status-callback.server";
import { bodyErrorPages, isForeignPost, pageSender } from "../simulator-http.server";
import type { DebitStorage } from "./storage.server";
import { badRequestPage, listPage, notFoundPage, type Page, renderDocument } from "./views.server";

/**
 * The tester's side of the direct-debit simulator, mounted at `basePath`:
 * - `GET /` lists the latest debits (`?reference=` one collection's), as a page or, asked for JSON, as data;
 * - `POST /:debitId` with `action` `approve` or `fail` decides a collection or a transfer and tells the shop;
 * - `POST /jobs` runs the subscription jobs now (when the process offers it).
 * Forms post urlencoded and are sent back to the list; scripts and tests post JSON and get JSON.
 */

const LIST_LIMIT = 200;

const Decision = z.object({ action: z.enum(["approve", "fail"]) });

type Notice = "paid" | "failed" | "transferPaid" | "transferFailed" | "notAllowed" | "jobs";

type DirectDebitRouterOptions = {
  storage: DebitStorage;
  notifyShop: NotifyShop;
  logger: Logger;
  now: () => Date;
  basePath: string;
  runJobs?: () => Promise<number>;
  /** The shop front ends that forward this page (SHOP_ORIGINS): a tester's click through them is not foreign. */
  trustedOrigins?: readonly string[];
};

export function createDirectDebitRouter(options: DirectDebitRouterOptions): Router {
  const { storage, logger, basePath, runJobs, trustedOrigins = [] } = options;
  const router = express.Router();
  router.use((_req, res, next) => {
    res.setHeader("Cache-Control", CachePolicy.noStore);
    next();
  });
  // A decision moves (simulated) money: only this site's own pages and same-origin scripts may post one.
  router.post("/{*rest}", (req, res, next) => {
    if (isForeignPost(req, trustedOrigins)) {
      return wantsJson(req)
        ? res.status(403).json({ error: "forbidden" })
        : sendPage(res, 403, badRequestPage(basePath));
    }
    next();
  });

  router.get("/", async (req, res) => {
    const reference = typeof req.query.reference === "string" ? req.query.reference : undefined;
    const debits = await storage.list({ limit: LIST_LIMIT, reference });
    if (wantsJson(req)) {
      return res.json({
        debits: debits.map(({ id, reference: ref, amountCents, description, status }) => ({
          debitId: id,
          reference: ref,
          amountCents,
          description,
          status,
        })),
      });
    }
    const notice = noticeText(String(req.query.notice ?? ""), Number(req.query.count ?? 0));
    sendPage(res, 200, listPage(debits, { basePath, notice, canRunJobs: Boolean(runJobs) }));
  });

  const body = [express.urlencoded({ extended: false, limit: "10kb" }), express.json({ limit: "10kb" })];

  router.post("/jobs", ...body, async (req, res) => {
    if (!runJobs)
      return wantsJson(req)
        ? res.status(404).json({ error: "not found" })
        : sendPage(res, 404, notFoundPage(basePath));
    const count = await runJobs();
    requestLogger(res, logger).info({ jobs: count }, "subscription jobs run from the direct-debit simulator");
    if (wantsJson(req)) return res.json({ jobs: count });
    res.redirect(303, `${basePath}?notice=jobs&count=${count}`);
  });

  router.post("/:debitId", ...body, (req: Request, res: Response) => decideDebit(options, req, res));

  router.use(bodyErrors(basePath));
  return router;
}

/** `POST /:debitId`: approves or fails a collection or a transfer once, and tells the shop. */
async function decideDebit(
  { storage, notifyShop, logger, now, basePath }: DirectDebitRouterOptions,
  req: Request,
  res: Response,
) {
  const debitId = String(req.params.debitId);
  const decision = Decision.safeParse(req.body);
  if (!decision.success) {
    return wantsJson(req)
      ? res.status(400).json({ error: "bad request" })
      : sendPage(res, 400, badRequestPage(basePath));
  }
  const debit = await storage.load(debitId);
  if (!debit) {
    return wantsJson(req)
      ? res.status(404).json({ error: "not found" })
      : sendPage(res, 404, notFoundPage(basePath));
  }
  const status = decision.data.action === "approve" ? "paid" : "failed";
  const log = requestLogger(res, logger);
  if (!(await storage.decide(debitId, status, now()))) {
    const current = await storage.load(debitId);
    if (wantsJson(req)) return res.status(409).json({ debitId, status: current?.status ?? debit.status });
    return res.redirect(303, `${basePath}?notice=notAllowed`);
  }
  log.info({ debitId, reference: debit.reference, status }, "direct debit decided");
  await notifyShop(debitId, log);
  if (wantsJson(req)) return res.json({ debitId, status });
  const notice: Notice =
    debit.kind === "transfer" ? (status === "paid" ? "transferPaid" : "transferFailed") : status;
  res.redirect(303, `${basePath}?notice=${notice}`);
}

function noticeText(notice: string, count: number): string | undefined {
  const known: Record<Notice, string> = {
    paid: text.decided.paid,
    failed: text.decided.failed,
    transferPaid: text.decided.transferPaid,
    transferFailed: text.decided.transferFailed,
    notAllowed: text.notAllowed,
    jobs: text.jobsRan(Number.isInteger(count) && count >= 0 ? count : 0),
  };
  return notice in known ? known[notice as Notice] : undefined;
}

/** A script (JSON body, or asking for JSON) gets JSON; a browser gets pages and redirects. */
function wantsJson(req: Request): boolean {
  return Boolean(req.is("application/json")) || req.accepts(["html", "json"]) === "json";
}

function requestLogger(res: Response, fallback: Logger): Logger {
  return (res.locals.log as Logger | undefined) ?? fallback;
}

const sendPage = pageSender<Page>(renderDocument);

/** A body no form or script of ours sends (too large, malformed) gets a 400, not the shop's error page. */
function bodyErrors(basePath: string) {
  return bodyErrorPages(sendPage, () => badRequestPage(basePath), wantsJson);
}
