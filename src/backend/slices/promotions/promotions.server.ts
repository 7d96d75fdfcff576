import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "@/src/backend/db/database.server";
import { queueEmail } from "@/src/backend/db/outbox/outbox.server";
import { promotionLeads } from "@/src/backend/db/schema";
import type { OptInText, PromotionForm, SignUp } from "@/src/contract/promotions";
import { emailProblem } from "@/src/domain/contact/email-address";
import { DomainError } from "@/src/domain/domain-error";
import { leadConfirmationPath } from "@/src/domain/promotions/lead-confirmation";
import { checkChosenOptIns, LEAD_OPT_IN_URL, optInById } from "@/src/domain/promotions/opt-ins";
import type { PromotionPage } from "@/src/domain/promotions/promotion-page";
import { promotionMessages } from "@/src/lib/messages";

/**
 * Promotions (issue 18): a promotion page's form with its fixed opt-in texts, a sign-up checked against
 * them, and stored as a lead with the words shown and the time (consent evidence); then the way on to the
 * offer for the browser that signed up. The lead counts once the address's owner confirms it through the
 * link e-mailed to it (double opt-in, issue 42).
 */

export type PromotionErrorCode = "NotFound" | "Invalid" | "EmailValidationError" | "InvalidEmailAddressError";

export class PromotionError extends DomainError<PromotionErrorCode> {
  constructor(code: PromotionErrorCode, errors?: Record<string, string[]>, detail?: string) {
    super(code, errors, detail);
    this.name = "PromotionError";
  }
}

function requirePage(page: PromotionPage | undefined): PromotionPage {
  if (!page) throw new PromotionError("NotFound", { pageId: [promotionMessages.notFound] });
  return page;
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
export function promotionForm(pageOrNone: PromotionPage | undefined): PromotionForm {
  const page = requirePage(pageOrNone);
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
  pageOrNone: PromotionPage | undefined,
  signUp: SignUp,
): { email: string; optIns: OptInText[] } {
  const page = requirePage(pageOrNone);
  const email = checkEmail(signUp.email);
  const chosen = checkChosenOptIns(page.optIns, signUp.optIns);
  if (!chosen.ok) throw new PromotionError("Invalid", { optIns: [promotionMessages.optInChanged] });
  return { email, optIns: chosen.optIns as OptInText[] };
}

/** The stored form of a confirmation token: the link's token itself is only in the e-mail. */
function tokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * Records the sign-up as a lead (the server's texts, which the check found equal to those shown) and, in
 * the same transaction, queues the e-mail with the link that confirms it (double opt-in).
 */
export async function storeLead(
  db: Db,
  request: { page: PromotionPage | undefined; signUp: SignUp; visitorKey: string },
  now: Date,
) {
  const page = requirePage(request.page);
  const { email, optIns } = checkSignUp(page, request.signUp);
  const firstName = request.signUp.firstName.trim();
  const token = randomBytes(32).toString("base64url");
  return db.transaction(async (tx) => {
    const [lead] = await tx
      .insert(promotionLeads)
      .values({
        pageId: request.signUp.pageId,
        firstName,
        email,
        optIns,
        leadOptInUrl: LEAD_OPT_IN_URL,
        visitorKey: request.visitorKey,
        confirmationTokenHash: tokenHash(token),
        createdAt: now,
      })
      .returning({ id: promotionLeads.id, createdAt: promotionLeads.createdAt });
    if (!lead) throw new Error("the lead was not recorded");
    await queueEmail(tx, {
      kind: "lead-confirmation",
      recipient: email,
      key: `lead-confirmation:${lead.id}`,
      data: { firstName, promotionTitle: page.title, confirmPath: leadConfirmationPath(token) },
    });
    return {
      leadId: lead.id,
      optIns,
      leadOptInUrl: LEAD_OPT_IN_URL,
      recordedAt: lead.createdAt.toISOString(),
    };
  });
}

/**
 * Confirms the lead of a confirmation link's token: the first time with `now`, after that answering the
 * first confirmation's time (a link followed twice, or pressed twice). An unknown token is `NotFound`.
 */
export async function confirmLead(
  db: Db,
  request: { token: string; pageFor: (pageId: string) => Promise<PromotionPage | undefined> },
  now: Date,
): Promise<{ promotionTitle: string | null; alreadyConfirmed: boolean; confirmedAt: string }> {
  const hash = tokenHash(request.token);
  const confirmed = { pageId: promotionLeads.pageId, confirmedAt: promotionLeads.confirmedAt };
  const [fresh] = await db
    .update(promotionLeads)
    .set({ confirmedAt: now })
    .where(and(eq(promotionLeads.confirmationTokenHash, hash), isNull(promotionLeads.confirmedAt)))
    .returning(confirmed);
  const lead =
    fresh ??
    (
      await db.select(confirmed).from(promotionLeads).where(eq(promotionLeads.confirmationTokenHash, hash))
    )[0];
  if (!lead?.confirmedAt) {
    const reason = promotionMessages.confirmationNotFound;
    throw new PromotionError("NotFound", { token: [reason] }, reason);
  }
  const page = await request.pageFor(lead.pageId);
  return {
    promotionTitle: page?.title ?? null,
    alreadyConfirmed: !fresh,
    confirmedAt: lead.confirmedAt.toISOString(),
  };
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
