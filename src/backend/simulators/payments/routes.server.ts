import express, { type Request, type Response, type Router } from "express";
import type { Logger } from "pino";
import { CachePolicy } from "@/src/lib/cache-policy";
import { bodyErrorPages, pageSender } from "../simulator-http.server";
import { decideCard, decideIdeal, type FormState } from "./form-posts.server";
import type { NotifyShop } from "./status-callback.server";
import type { PaymentStorage } from "./storage.server";
import {
  badRequestPage,
  finishedPage,
  notFoundPage,
  openPage,
  type Page,
  renderDocument,
} from "./views.server";

/**
 * The player's side of the simulator: `GET /:paymentId` shows the payment page, `POST /:paymentId`
 * takes the player's decision, tells the shop and sends the browser back to the shop's return address.
 */
export function createSimulatorRouter({
  storage,
  notifyShop,
  logger,
  now,
  pagePath,
}: {
  storage: PaymentStorage;
  notifyShop: NotifyShop;
  logger: Logger;
  now: () => Date;
  pagePath: (paymentId: string) => string;
}): Router {
  const router = express.Router();
  router.use((_req, res, next) => {
    res.setHeader("Cache-Control", CachePolicy.noStore);
    next();
  });

  router.get("/:paymentId", async (req, res) => {
    const found = await storage.load(String(req.params.paymentId), now());
    if (!found) return sendPage(res, 404, notFoundPage());
    const log = requestLogger(res, logger);
    if (found.expiredNow) await notifyShop(found.payment.id, log);
    const { payment } = found;
    if (payment.status !== "open") return sendPage(res, 200, finishedPage(payment));
    const form: FormState =
      payment.method === "ideal"
        ? { method: "ideal", issuer: payment.issuer ?? undefined, errors: {} }
        : { method: "creditcard", values: {}, errors: {} };
    sendPage(res, 200, openPage(payment, form, pagePath(payment.id)));
  });

  router.post(
    "/:paymentId",
    express.urlencoded({ extended: false, limit: "10kb" }),
    async (req: Request, res: Response) => {
      const at = now();
      const found = await storage.load(String(req.params.paymentId), at);
      if (!found) return sendPage(res, 404, notFoundPage());
      const log = requestLogger(res, logger);
      const { payment } = found;
      if (found.expiredNow) await notifyShop(payment.id, log);
      // Double clicks, the back button and replays land here: nothing changes, the player goes back.
      if (payment.status !== "open") return res.redirect(303, payment.returnUrl);

      const result = payment.method === "ideal" ? decideIdeal(req.body) : decideCard(req.body, at);
      if (result.kind === "bad-request") return sendPage(res, 400, badRequestPage());
      if (result.kind === "invalid") {
        return sendPage(res, 422, openPage(payment, result.form, pagePath(payment.id)));
      }

      if (await storage.complete(payment.id, result.decision, at)) {
        log.info(
          { paymentId: payment.id, reference: payment.reference, status: result.decision.status },
          "payment completed",
        );
        await notifyShop(payment.id, log);
      } else {
        // Lost a race: another request completed it, or its deadline passed in between.
        const latest = await storage.load(payment.id, at);
        if (latest?.expiredNow) await notifyShop(payment.id, log);
      }
      res.redirect(303, payment.returnUrl);
    },
  );

  router.use(bodyErrors);
  return router;
}

function requestLogger(res: Response, fallback: Logger): Logger {
  return (res.locals.log as Logger | undefined) ?? fallback;
}

const sendPage = pageSender<Page>(renderDocument);

/** A body the form could never have sent (too large, malformed) gets the page, not the shop's error. */
const bodyErrors = bodyErrorPages(sendPage, badRequestPage);
