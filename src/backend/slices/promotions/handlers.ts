import { HttpProblem } from "@/src/backend/http/problem-error";
import { type HandlerContext, implement } from "@/src/backend/http/router";
import {
  checkEmail,
  checkSignUp,
  confirmLead,
  continueLead,
  promotionForm,
  storeLead,
} from "@/src/backend/slices/promotions/promotions.server";
import {
  confirmPromotionLead,
  continuePromotion,
  getPromotion,
  storePromotion,
  validateEmail,
  verifyPromotion,
} from "@/src/contract/promotions";
import { CachePolicy } from "@/src/lib/cache-policy";

/** Sign-ups from one address before the reCAPTCHA is asked for (spec section 8: the flag asking for it). */
export const SIGN_UPS_BEFORE_RECAPTCHA = 3;
const SIGN_UP_WINDOW = { limit: SIGN_UPS_BEFORE_RECAPTCHA, windowMs: 60 * 60_000 };

/** Runs a promotion call, the visitor's own; its refusals (PromotionError) the router answers. */
async function answering<T>(context: HandlerContext, work: () => Promise<T>): Promise<T> {
  context.res.setHeader("Cache-Control", CachePolicy.private);
  return work();
}

/** A reCAPTCHA answer, when one is sent, must be valid; an invalid one is `RecaptchaNotValidError`. */
async function checkRecaptcha(context: HandlerContext, token: string | undefined): Promise<boolean> {
  if (!token) return false;
  if (!(await context.services.recaptcha.verify(token, context.req.ip))) {
    context.log.warn({ event: "promotion_recaptcha_invalid" }, "promotion refused: invalid reCAPTCHA");
    throw new HttpProblem(400, { code: "RecaptchaNotValidError" });
  }
  return true;
}

function pageFor(context: HandlerContext) {
  return async (pageId: string) => context.services.pageContent?.("promotion", pageId);
}

/** Promotions and e-mail validation (issue 18), and the sign-up's double opt-in (issue 42). */
export const promotionHandlers = [
  implement(validateEmail, async ({ body }, context) =>
    answering(context, async () => {
      await checkRecaptcha(context, body.gRecaptchaResponse);
      return { email: checkEmail(body.email) };
    }),
  ),

  implement(getPromotion, async ({ body }, context) =>
    answering(context, async () => promotionForm(await pageFor(context)(body.pageId))),
  ),

  implement(verifyPromotion, async ({ body }, context) =>
    answering(context, async () => checkSignUp(await pageFor(context)(body.pageId), body)),
  ),

  implement(storePromotion, async ({ body }, context) =>
    answering(context, async () => {
      const { services, req, res } = context;
      // After a few sign-ups from one address, the next ones need the reCAPTCHA (against lead spam).
      const key = `promotion-sign-ups|${req.ip ?? "unknown"}`;
      const ticked = await checkRecaptcha(context, body.gRecaptchaResponse);
      if (!ticked && (await services.rateLimiter.count(key, SIGN_UP_WINDOW)) >= SIGN_UPS_BEFORE_RECAPTCHA) {
        res.setHeader("Retry-After", String(await services.rateLimiter.secondsLeft(key, SIGN_UP_WINDOW)));
        throw new HttpProblem(429, { code: "RateLimitError" });
      }
      const { gRecaptchaResponse: _recaptcha, ...signUp } = body;
      const stored = await storeLead(
        services.db,
        {
          page: await pageFor(context)(body.pageId),
          signUp,
          visitorKey: services.sessions.visitorKey(req, res),
        },
        services.now(),
      );
      await services.rateLimiter.consume(key, SIGN_UP_WINDOW);
      context.log.info(
        { event: "promotion_lead", pageId: body.pageId },
        "promotion lead recorded; its confirmation e-mail queued",
      );
      return stored;
    }),
  ),

  implement(continuePromotion, async ({ body }, context) =>
    answering(context, async () =>
      continueLead(
        context.services.db,
        {
          leadId: body.leadId,
          visitorKey: context.services.sessions.visitorKey(context.req, context.res),
          pageFor: pageFor(context),
        },
        context.services.now(),
      ),
    ),
  ),

  implement(confirmPromotionLead, async ({ body }, context) =>
    answering(context, async () =>
      confirmLead(
        context.services.db,
        { token: body.token, pageFor: pageFor(context) },
        context.services.now(),
      ),
    ),
  ),
];
