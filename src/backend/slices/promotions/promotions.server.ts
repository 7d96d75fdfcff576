import { and, eq } from "drizzle-orm";
import type { Db } from "@/src/backend/db/database.server";
import { promotionLeads } from "@/src/backend/db/schema";
import type { OptInText, PromotionForm, SignUp } from "@/src/contract/promotions";
import { emailProblem } from "@/src/domain/contact/email-address";
import { DomainError } from "@/src/domain/domain-error";
import { checkChosenOptIns, LEAD_OPT_IN_URL, optInById } from "@/src/domain/promotions/opt-ins";
import type { PromotionPage } from "@/src/domain/promotions/promotion-page";
import { promotionMessages } from "@/src/lib/messages";

/**
 * Promotions (issue 18): a promotion page's form with its fixed opt-in texts, a sign-up checked against
 * them, and stored as a lead with the words shown and the time (consent evidence); then the way on to the
 * offer for the browser that signed up.
 */

export type PromotionErrorCode = "NotFound" | "Invalid" | "EmailValidationError" | "InvalidEmailAddressError";

export class PromotionError extends DomainError<PromotionErrorCode> {
  constructor(code: PromotionErrorCode, errors?: Record<string, string[]>) {
    super(code, errors);
    this.name = "PromotionError";
  }
}

const EMAIL_MESSAGES = {
  EmailValidationError: promotionMessages.emailInvalid,
  InvalidEmailAddressError: promotionMessages.emailRefused,
} as const;

/** The address as stored (trimmed, lower case), or the refusal with its Dutch reason at `email`. */
export function checkEmail(email: string): string {
  const problem = emailProblem(email);
  if (problem) throw new PromotionError(problem, { email: [EMAIL_MESSAGES[problem]] });
  return email.trim().toLowerCase();
}

/** The page's form: the fixed texts of the opt-ins it asks for, and the lead opt-in URL. */
export function promotionForm(page: PromotionPage | undefined): PromotionForm {
  if (!page) throw new PromotionError("NotFound", { pageId: [promotionMessages.notFound] });
  return {
    pageId: page.pageId,
    title: page.title,
    optIns: page.optIns.flatMap((id) => {
      const optIn = optInById(id);
      return optIn ? [optIn as OptInText] : [];
    }),
    leadOptInUrl: LEAD_OPT_IN_URL,
    offerLabel: page.offerLabel,
  };
}

/**
 * Checks a sign-up against its page: the address (form, domain, no throwaway mailbox) and each opt-in ticked
 * (one the page asks for, in the exact fixed words; a forged or changed text is refused, never recorded).
 */
export function checkSignUp(
  page: PromotionPage | undefined,
  signUp: SignUp,
): { email: string; optIns: OptInText[] } {
  if (!page) throw new PromotionError("NotFound", { pageId: [promotionMessages.notFound] });
  const email = checkEmail(signUp.email);
  const chosen = checkChosenOptIns(page.optIns, signUp.optIns);
  if (!chosen.ok) throw new PromotionError("Invalid", { optIns: [promotionMessages.optInChanged] });
  return { email, optIns: chosen.optIns as OptInText[] };
}

/** Records the sign-up as a lead (the server's texts, which the check found equal to those shown). */
export async function storeLead(
  db: Db,
  request: { page: PromotionPage | undefined; signUp: SignUp; visitorKey: string },
  now: Date,
) {
  const { email, optIns } = checkSignUp(request.page, request.signUp);
  const [lead] = await db
    .insert(promotionLeads)
    .values({
      pageId: request.signUp.pageId,
      firstName: request.signUp.firstName.trim(),
      email,
      optIns,
      leadOptInUrl: LEAD_OPT_IN_URL,
      visitorKey: request.visitorKey,
      createdAt: now,
    })
    .returning({ id: promotionLeads.id, createdAt: promotionLeads.createdAt });
  if (!lead) throw new Error("the lead was not recorded");
  return { leadId: lead.id, optIns, leadOptInUrl: LEAD_OPT_IN_URL, recordedAt: lead.createdAt.toISOString() };
}

/** Where the visitor who signed up continues: the page's offer. Another browser's lead is `NotFound`. */
export async function continueLead(
  db: Db,
  request: {
    leadId: string;
    visitorKey: string;
    pageFor: (pageId: string) => Promise<PromotionPage | undefined>;
  },
  now: Date,
): Promise<{ redirectUrl: string }> {
  const [lead] = await db
    .update(promotionLeads)
    .set({ continuedAt: now })
    .where(and(eq(promotionLeads.id, request.leadId), eq(promotionLeads.visitorKey, request.visitorKey)))
    .returning({ pageId: promotionLeads.pageId });
  if (!lead) throw new PromotionError("NotFound", { leadId: [promotionMessages.leadNotFound] });
  const page = await request.pageFor(lead.pageId);
  return { redirectUrl: page?.offerPath ?? "/" };
}
