import express, { type RequestHandler, type Response } from "express";
import type { Logger } from "pino";
import { z } from "zod";
import { isTemporaryDatabaseError } from "@/src/backend/db/database-errors";
import { sendProblem } from "@/src/backend/http/send-problem";
import { problem } from "@/src/contract/problem";
import type { OrderStatus } from "@/src/contract/tickets";
import { PaymentIdSchema, PaymentProviderUnavailableError } from "@/src/domain/payments/payment-provider";
import { CachePolicy } from "@/src/lib/cache-policy";
import { causeChain } from "@/src/lib/error-causes";

const NotificationSchema = z.object({ id: PaymentIdSchema });
const FORM = "application/x-www-form-urlencoded";
/** How long a provider should wait before it sends a notification that met a temporary failure again. */
export const NOTIFICATION_RETRY_AFTER_SECONDS = 60;

const parseForm = express.urlencoded({ extended: false, limit: "2kb", parameterLimit: 20 });

/**
 * Whether a failed settlement may succeed later: the provider could not answer, or the database could
 * not (unreachable, restarting, closed). Anything else, retried, fails the same way.
 */
export function isTemporaryFailure(error: unknown): boolean {
  return (
    causeChain(error).some((link) => link instanceof PaymentProviderUnavailableError) ||
    isTemporaryDatabaseError(error)
  );
}

/**
 * POST /api/payments/notify, the provider's status notification (Mollie's webhook shape: a form post with
 * only the payment `id`). A provider sends again whatever did not get a 2xx, so the answer says whether
 * that helps (RFC 9457 problem details, as every error of the API):
 * - 200 when the order of the payment is settled with the provider's word (again: idempotent);
 * - 400 for a body without a well-formed id, 413 for one too large, 415 for one that is not a form;
 * - 404 when no order has this payment id (the status is still asked of the provider, never taken from
 *   the notification, so a forged one marks nothing paid);
 * - 503 with `Retry-After` only when the provider or the database cannot answer now;
 * - 500 for anything else, which a retry would not mend.
 */
export function notificationRoute(options: {
  settle: (paymentId: string) => Promise<OrderStatus | undefined>;
  logger: Logger;
}): RequestHandler {
  const answer = async (body: unknown, res: Response) => {
    const log: Logger = res.locals.log ?? options.logger;
    const parsed = NotificationSchema.safeParse(body ?? {});
    if (!parsed.success) {
      const errors = { "body.id": parsed.error.issues.map((issue) => issue.message) };
      return sendProblem(res, problem(400, { detail: "A notification carries one payment id", errors }));
    }
    const paymentId = parsed.data.id;
    try {
      const status = await options.settle(paymentId);
      if (status === undefined) return sendProblem(res, problem(404, { detail: "Unknown payment id" }));
      res.status(200).type("text/plain").send("OK");
    } catch (error) {
      if (isTemporaryFailure(error)) {
        log.warn({ err: error, paymentId }, "payment notification deferred: a temporary failure");
        res.setHeader("Retry-After", String(NOTIFICATION_RETRY_AFTER_SECONDS));
        return sendProblem(res, problem(503, { detail: "Try again later" }));
      }
      log.error({ err: error, paymentId }, "payment notification failed");
      sendProblem(res, problem(500));
    }
  };

  return (req, res, next) => {
    res.setHeader("Cache-Control", CachePolicy.noStore);
    const mediaType = req.headers["content-type"]?.split(";")[0]?.trim().toLowerCase();
    if (mediaType !== undefined && mediaType !== FORM) {
      return sendProblem(res, problem(415, { detail: `A notification is a form post (${FORM})` }));
    }
    parseForm(req, res, (error?: unknown) => {
      if (error) {
        const status = (error as { status?: unknown }).status;
        const known = status === 413 || status === 415 ? status : 400;
        return sendProblem(res, problem(known, { detail: "The form body cannot be read" }));
      }
      answer(req.body, res).catch(next);
    });
  };
}
