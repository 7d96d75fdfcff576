import { checkPageHeader } from "@/src/backend/http/page-headers";
import { HttpProblem } from "@/src/backend/http/problem-error";
import { type HandlerContext, implement } from "@/src/backend/http/router";
import {
  ActionError,
  activateActionCode as activate,
  basketAdjustments,
  campaignPeriod,
  placeOffer,
  playerOffer,
} from "@/src/backend/orders/action-codes.server";
import { verifyBasketItems } from "@/src/backend/orders/sales.server";
import {
  activateActionCode,
  getActionOffer,
  getBasketAdjustments,
  getCampaign,
  placeActionOffer,
} from "@/src/contract/action-codes";
import { readActionCode } from "@/src/domain/campaigns/action-code";
import { CachePolicy } from "@/src/lib/cache-policy";

/** Refused activations from one address before the reCAPTCHA is asked for (against guessing codes). */
export const WRONG_CODES_BEFORE_RECAPTCHA = 3;
const WRONG_CODE_WINDOW = { limit: WRONG_CODES_BEFORE_RECAPTCHA, windowMs: 10 * 60_000 };
/** Attempts on one code, from any address, per hour: a personal code cannot be tried from many. */
export const ATTEMPTS_PER_CODE = 10;
const CODE_WINDOW = { limit: ATTEMPTS_PER_CODE, windowMs: 60 * 60_000 };

/** Runs a campaign call, the player's own; a refusal (ActionError) the router answers with its code. */
async function answering<T>(context: HandlerContext, work: () => Promise<T>): Promise<T> {
  context.res.setHeader("Cache-Control", CachePolicy.private);
  return work();
}

/** A reCAPTCHA answer, when one is sent, must be valid; an invalid one is `RecaptchaNotValidError`. */
async function ticked(context: HandlerContext, token: string | undefined): Promise<boolean> {
  if (!token) return false;
  if (await context.services.recaptcha.verify(token, context.req.ip)) return true;
  context.log.warn({ event: "action_code_recaptcha_invalid" }, "action code refused: invalid reCAPTCHA");
  throw new HttpProblem(400, { code: "RecaptchaNotValidError" });
}

/** Campaigns and action codes (issue 18). */
export const actionCodeHandlers = [
  implement(getCampaign, async ({ params }, context) => {
    // The same for everyone; its state turns at the campaign's start and end, so only briefly kept.
    context.res.setHeader("Cache-Control", CachePolicy.catalogue);
    return campaignPeriod(context.services.db, params.pageId, context.services.now());
  }),

  implement(activateActionCode, async ({ params, body }, context) =>
    answering(context, async () => {
      const { services, req, res, player } = context;
      checkPageHeader(context, params.pageId, false);
      const wrongCodes = `action-code-failures|${req.ip ?? "unknown"}`;
      // After a few wrong codes from one address, the next attempts need the reCAPTCHA.
      const human = await ticked(context, body.gRecaptchaResponse);
      if (
        !human &&
        (await services.rateLimiter.count(wrongCodes, WRONG_CODE_WINDOW)) >= WRONG_CODES_BEFORE_RECAPTCHA
      ) {
        res.setHeader(
          "Retry-After",
          String(await services.rateLimiter.secondsLeft(wrongCodes, WRONG_CODE_WINDOW)),
        );
        throw new HttpProblem(429, { code: "RateLimitError" });
      }
      const read = readActionCode(body.actionCode);
      if (read.ok) {
        const perCode = await services.rateLimiter.consume(`action-code|${read.code}`, CODE_WINDOW);
        if (!perCode.allowed) {
          res.setHeader("Retry-After", String(perCode.retryAfterSeconds));
          // A hard limit on the code: no reCAPTCHA lifts it, the caller waits.
          throw new HttpProblem(429, {
            code: "RateLimitError",
            retryAfterSeconds: perCode.retryAfterSeconds,
          });
        }
      }
      try {
        const offer = await activate(
          services.db,
          { pageId: params.pageId, typedCode: body.actionCode, playerId: player.id },
          services.now(),
        );
        context.log.info({ event: "action_code_activated", pageId: params.pageId }, "action code activated");
        return offer;
      } catch (error) {
        if (error instanceof ActionError && error.code !== "Invalid") {
          await services.rateLimiter.consume(wrongCodes, WRONG_CODE_WINDOW);
          context.log.info({ event: "action_code_refused", code: error.code }, "action code refused");
        }
        throw error;
      }
    }),
  ),

  implement(getActionOffer, async ({ params }, context) =>
    answering(context, async () => playerOffer(context.services.db, context.player.id, params.pageId)),
  ),

  implement(placeActionOffer, async ({ params, body }, context) =>
    answering(context, async () =>
      placeOffer(context.services.db, context.player.id, params.pageId, body.inBasket),
    ),
  ),

  implement(getBasketAdjustments, async ({ body }, context) => {
    const { services, player, res } = context;
    res.setHeader("Cache-Control", CachePolicy.private);
    const now = services.now();
    const verified = await verifyBasketItems(services.db, body.tickets, now);
    const adjustments = await basketAdjustments(
      services.db,
      { playerId: player.id, basketTotalInCents: verified.totalInCents },
      now,
    );
    const offers = adjustments.reduce(
      (sum, adjustment) => sum + (adjustment.status === "applies" ? adjustment.amountInCents : 0),
      0,
    );
    return {
      adjustments,
      basketTotalInCents: verified.totalInCents,
      totalInCents: Math.max(0, verified.totalInCents + offers),
    };
  }),
];
