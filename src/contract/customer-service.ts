import { z } from "zod";
import { EMAIL_ADDRESS_PATTERN } from "@/src/domain/contact/email-address";
import { CONTACT_LIMITS, CONTACT_SUBJECTS } from "@/src/domain/customer-service/contact-message";
import { contactMessages as text } from "@/src/lib/messages";
import { defineEndpoint } from "./define";

/**
 * Customer service (issue 43 item 2): the contact form's question, stored with a reference (`KS-100001`)
 * and e-mailed twice through the outbox: a confirmation to the sender and the question to customer
 * service (Reply-To the sender). A logged-in player's question goes from the account's e-mail address,
 * whatever the body says. At most five accepted questions per client address an hour.
 */

const trimmed = (required: string, max: number, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);

export const ContactMessageSchema = z.object({
  name: trimmed(text.name, CONTACT_LIMITS.name, text.nameTooLong),
  /** The address to answer; a logged-in player's is the account's (this one is then not read). */
  email: trimmed(text.email, CONTACT_LIMITS.email, text.emailInvalid).pipe(
    z.email({ pattern: EMAIL_ADDRESS_PATTERN, error: text.emailInvalid }),
  ),
  subject: z.enum(CONTACT_SUBJECTS, { error: text.subject }),
  /** The ticket or order number the question is about, when there is one. */
  ticketOrOrderNumber: z
    .string({ error: text.ticketOrOrderNumber })
    .trim()
    .max(CONTACT_LIMITS.ticketOrOrderNumber, text.ticketOrOrderNumber)
    .optional(),
  message: z
    .string({ error: text.message })
    .trim()
    .min(1, text.message)
    .min(CONTACT_LIMITS.messageMin, text.messageTooShort)
    .max(CONTACT_LIMITS.messageMax, text.messageTooLong),
});
export type ContactMessage = z.infer<typeof ContactMessageSchema>;

export const sendContactMessage = defineEndpoint({
  method: "POST",
  path: "/api/customer-service/messages",
  summary:
    "Sends a question to customer service: stored with a reference, confirmed to the sender by e-mail and e-mailed to customer service (Reply-To the sender); 201 with the reference",
  slice: "customer-service",
  backend: "shop",
  auth: "none",
  status: 201,
  body: ContactMessageSchema,
  response: z.object({
    /** `KS-` and at least six digits, to quote when calling or mailing. */
    reference: z.string().regex(/^KS-\d{6,}$/),
    /** The address the confirmation went to (a logged-in player's account address). */
    email: z.string(),
    receivedAt: z.iso.datetime({ offset: true }),
  }),
  errors: {
    422: ["EmailValidationError", "InvalidEmailAddressError"],
    429: ["RateLimitError"],
  },
  /** Against hammering; the handler also allows five accepted questions an hour (a refused one is free). */
  rateLimit: { limit: 30, windowMs: 60_000 },
});

export const customerServiceEndpoints = [sendContactMessage] as const;
