import type { Db } from "@/src/backend/db/database.server";
import { queueEmail } from "@/src/backend/db/outbox/outbox.server";
import { contactMessages } from "@/src/backend/db/schema";
import type { ContactMessage } from "@/src/contract/customer-service";
import { emailProblem } from "@/src/domain/contact/email-address";
import {
  CONTACT_LIMITS,
  contactReference,
  normaliseMessage,
} from "@/src/domain/customer-service/contact-message";
import { DomainError } from "@/src/domain/domain-error";
import { contactFormPage, contactMessages as text } from "@/src/lib/messages";

/**
 * Customer service's contact form (issue 43 item 2): a question is stored with its reference and, in the
 * same transaction, two e-mails are queued in the outbox: the confirmation to the sender and the question
 * to customer service's address (Reply-To the sender). A rolled-back question sends nothing.
 */

export type CustomerServiceErrorCode = "Invalid" | "EmailValidationError" | "InvalidEmailAddressError";

export class CustomerServiceError extends DomainError<CustomerServiceErrorCode> {
  constructor(code: CustomerServiceErrorCode, errors?: Record<string, string[]>, detail?: string) {
    super(code, errors, detail);
    this.name = "CustomerServiceError";
  }
}

const EMAIL_MESSAGES = {
  EmailValidationError: text.emailInvalid,
  InvalidEmailAddressError: text.emailRefused,
} as const;

/** The address to answer, as stored (trimmed, lower case), or the refusal with its Dutch reason at `email`. */
export function replyAddress(email: string): string {
  const problem = emailProblem(email);
  if (problem) throw new CustomerServiceError(problem, { email: [EMAIL_MESSAGES[problem]] });
  return email.trim().toLowerCase();
}

/** The question as kept; one that is too short once its empty lines are gone is refused at `message`. */
function questionText(message: string): string {
  const kept = normaliseMessage(message);
  if (kept.length < CONTACT_LIMITS.messageMin) {
    throw new CustomerServiceError("Invalid", { message: [text.messageTooShort] });
  }
  return kept;
}

export type QuestionRequest = {
  question: ContactMessage;
  /** The logged-in player: the question goes from the account's address, whatever the form said. */
  player?: { id: string; email: string; customerNumber: string };
  /** The client's address, hashed (never stored as it is). */
  clientKeyHash: string;
  /** Customer service's address (CUSTOMER_SERVICE_EMAIL). */
  customerService: string;
};

export type ReceivedQuestion = { reference: string; email: string; receivedAt: string };

/** Stores the question with its reference and queues its two e-mails, all in one transaction. */
export async function sendQuestion(db: Db, request: QuestionRequest, now: Date): Promise<ReceivedQuestion> {
  const { question, player } = request;
  const email = player ? player.email.toLowerCase() : replyAddress(question.email);
  const message = questionText(question.message);
  const name = question.name.trim();
  const ticketOrOrderNumber = question.ticketOrOrderNumber?.trim() || null;
  const subject = contactFormPage.subjects[question.subject];
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({
        playerId: player?.id ?? null,
        name,
        email,
        subject: question.subject,
        ticketOrOrderNumber,
        message,
        clientKeyHash: request.clientKeyHash,
        createdAt: now,
      })
      .returning({ id: contactMessages.id, number: contactMessages.number });
    if (!row) throw new Error("the question was not stored");
    const reference = contactReference(row.number);
    const shared = { name, reference, subject, ticketOrOrderNumber, message };
    await queueEmail(tx, {
      kind: "contact-confirmation",
      recipient: email,
      playerId: player?.id ?? null,
      key: `contact-confirmation:${row.id}`,
      data: shared,
    });
    await queueEmail(tx, {
      kind: "contact-message",
      recipient: request.customerService,
      key: `contact-message:${row.id}`,
      data: { ...shared, email, customerNumber: player?.customerNumber ?? null },
    });
    return { reference, email, receivedAt: now.toISOString() };
  });
}
