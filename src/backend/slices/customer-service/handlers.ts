import { createHmac } from "node:crypto";
import { HttpProblem } from "@/src/backend/http/problem-error";
import { implement } from "@/src/backend/http/router";
import { sendQuestion } from "@/src/backend/slices/customer-service/customer-service.server";
import { sendContactMessage } from "@/src/contract/customer-service";
import { CONTACT_RATE_LIMIT } from "@/src/domain/customer-service/contact-message";
import { CachePolicy } from "@/src/lib/cache-policy";

/** The count of accepted questions per client address (a refused question does not count). */
const rateLimitKey = (clientKey: string) => `customer-service-messages|${clientKey}`;

/** Customer service's contact form (issue 43 item 2). */
export const customerServiceHandlers = [
  implement(sendContactMessage, async ({ body }, context) => {
    const { services, req, res } = context;
    res.setHeader("Cache-Control", CachePolicy.private);
    const clientKey = req.ip ?? "unknown";
    const key = rateLimitKey(clientKey);
    // Five questions an hour per address: the sixth waits, and is told how long (spec section 8).
    if ((await services.rateLimiter.count(key, CONTACT_RATE_LIMIT)) >= CONTACT_RATE_LIMIT.limit) {
      const retryAfterSeconds = await services.rateLimiter.secondsLeft(key, CONTACT_RATE_LIMIT);
      res.setHeader("Retry-After", String(retryAfterSeconds));
      throw new HttpProblem(429, { code: "RateLimitError", retryAfterSeconds });
    }
    const player = await services.sessions.currentPlayer(req, res);
    const received = await sendQuestion(
      services.db,
      {
        question: body,
        player: player
          ? { id: player.id, email: player.email, customerNumber: player.customerNumber }
          : undefined,
        clientKeyHash: createHmac("sha256", services.config.sessionSecret).update(clientKey).digest("hex"),
        customerService: services.config.mail.customerService,
      },
      services.now(),
    );
    await services.rateLimiter.consume(key, CONTACT_RATE_LIMIT);
    context.log.info(
      { event: "customer_service_question", reference: received.reference, player: Boolean(player) },
      "question to customer service stored; its two e-mails queued",
    );
    return received;
  }),
];
