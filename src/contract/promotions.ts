import { z } from "zod";
import { OPT_IN_IDS } from "@/src/domain/promotions/opt-ins";
import { promotionMessages } from "@/src/lib/messages";
import { defineEndpoint } from "./define";
import { PageIdSchema } from "./tickets";

/**
 * Promotions and e-mail validation (issue 18; spec section 7): the promotion page's form (its fixed opt-in
 * texts and the lead opt-in URL), checking and storing a sign-up as a lead with exactly the texts shown and
 * the time (consent evidence), and where the visitor continues to the offer. Storing and e-mail validation
 * are rate limited per client address; after a few sign-ups from one address the reCAPTCHA is asked for.
 * A stored lead counts once the address's owner confirms it through the link e-mailed to it (double
 * opt-in, issue 42).
 */

const iso = z.iso.datetime({ offset: true });

const email = z
  .string({ error: promotionMessages.email })
  .trim()
  .min(1, promotionMessages.email)
  .max(254, promotionMessages.emailInvalid);
const recaptcha = z.string().max(4000).optional();

export const OptInSchema = z.object({ id: z.enum(OPT_IN_IDS), version: z.string(), text: z.string() });
export type OptInText = z.infer<typeof OptInSchema>;

export const PromotionFormSchema = z.object({
  pageId: z.string(),
  title: z.string(),
  /** The opt-ins the page asks for, with their fixed texts: shown unticked, each chosen or not. */
  optIns: z.array(OptInSchema),
  /** What a lead agrees to and how to withdraw. */
  leadOptInUrl: z.string(),
  offerLabel: z.string(),
});
export type PromotionForm = z.infer<typeof PromotionFormSchema>;

export const SignUpSchema = z.object({
  pageId: PageIdSchema,
  firstName: z
    .string({ error: promotionMessages.firstName })
    .trim()
    .min(1, promotionMessages.firstName)
    .max(60, promotionMessages.firstName),
  email,
  /** The opt-ins ticked, each with the text the page showed. */
  optIns: z.array(z.object({ id: z.string().max(40), text: z.string().max(1000) })).max(10),
});
export type SignUp = z.infer<typeof SignUpSchema>;

export const validateEmail = defineEndpoint({
  method: "POST",
  path: "/api/email/validate",
  summary: "Checks an e-mail address a promotion or game may use (form, known domain, no throwaway mailbox)",
  slice: "promotions",
  backend: "shop",
  auth: "none",
  body: z.object({ email, gRecaptchaResponse: recaptcha }),
  response: z.object({ email: z.string() }),
  errors: {
    400: ["RecaptchaNotValidError"],
    422: ["EmailValidationError", "InvalidEmailAddressError"],
    429: ["RateLimitError"],
  },
  rateLimit: { limit: 30, windowMs: 60_000 },
});

export const getPromotion = defineEndpoint({
  method: "POST",
  path: "/api/promotions",
  summary: "The promotion page's form: its fixed opt-in texts, the lead opt-in URL and the offer",
  slice: "promotions",
  backend: "shop",
  auth: "none",
  body: z.object({ pageId: PageIdSchema }),
  response: PromotionFormSchema,
  errors: { 400: [], 404: [] },
});

export const verifyPromotion = defineEndpoint({
  method: "POST",
  path: "/api/promotions/verify",
  summary: "Checks a sign-up (name, e-mail address, opt-ins with the texts shown); stores nothing",
  slice: "promotions",
  backend: "shop",
  auth: "none",
  body: SignUpSchema,
  response: z.object({ email: z.string(), optIns: z.array(OptInSchema) }),
  errors: { 400: [], 404: [], 422: ["EmailValidationError", "InvalidEmailAddressError"] },
});

export const storePromotion = defineEndpoint({
  method: "POST",
  path: "/api/promotions/store",
  summary:
    "Records the sign-up as a lead with the fixed opt-in texts (the server's, equal to those shown), the lead opt-in URL and the time, and e-mails the address a link to confirm it; the lead counts once confirmed",
  slice: "promotions",
  backend: "shop",
  auth: "none",
  body: SignUpSchema.extend({ gRecaptchaResponse: recaptcha }),
  response: z.object({
    leadId: z.uuid(),
    optIns: z.array(OptInSchema),
    leadOptInUrl: z.string(),
    recordedAt: iso,
  }),
  errors: {
    400: ["RecaptchaNotValidError"],
    404: [],
    422: ["EmailValidationError", "InvalidEmailAddressError"],
    429: ["RateLimitError"],
  },
  rateLimit: { limit: 20, windowMs: 10 * 60_000 },
});

export const continuePromotion = defineEndpoint({
  method: "POST",
  path: "/api/promotions/continue",
  summary: "Where the visitor who stored the lead continues to the offer",
  slice: "promotions",
  backend: "shop",
  auth: "none",
  body: z.object({ leadId: z.uuid() }),
  response: z.object({ redirectUrl: z.string() }),
  errors: { 400: [], 404: [] },
});

const confirmationToken = z
  .string({ error: promotionMessages.confirmationNotFound })
  .min(1, promotionMessages.confirmationNotFound)
  .max(200, promotionMessages.confirmationNotFound);

export const confirmPromotionLead = defineEndpoint({
  method: "POST",
  path: "/api/promotions/confirm",
  summary:
    "Confirms a sign-up by the token of the link e-mailed to its address (double opt-in); confirming again changes nothing",
  slice: "promotions",
  backend: "shop",
  auth: "none",
  body: z.object({ token: confirmationToken }),
  response: z.object({
    /** The promotion's title, while its page is on the site. */
    promotionTitle: z.string().nullable(),
    /** True when the lead was confirmed before: the time is that first confirmation's. */
    alreadyConfirmed: z.boolean(),
    confirmedAt: iso,
  }),
  errors: { 400: [], 404: [], 429: ["RateLimitError"] },
  rateLimit: { limit: 30, windowMs: 60_000 },
});

export const promotionEndpoints = [
  validateEmail,
  getPromotion,
  verifyPromotion,
  storePromotion,
  continuePromotion,
  confirmPromotionLead,
] as const;
