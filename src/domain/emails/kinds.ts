import { z } from "zod";

/**
 * The e-mails the shop sends (issue 42, decision 21): each kind with the data its template needs. The
 * outbox row holds the kind and this data; the sender renders it when it sends, so amounts and dates are
 * stored as values (cents, ISO dates) and formatted as on the site, and links as paths on the shop, made
 * absolute on BASE_URL. Writers build the data with `emailData`, which checks it against its schema; the
 * sender parses it again (an unreadable row is marked dead, never sent half).
 *
 * `marketing` kinds go only to a player whose e-mail preference of the vertical is on, and carry
 * List-Unsubscribe (RFC 8058); every other kind is transactional.
 */

const cents = z.number().int().nonnegative();
const isoDate = z.iso.date();
/** A path on the shop (`/cadeau/verzilveren?code=...`), never another host. */
const shopPath = z.string().regex(/^\/(?!\/)[^\s]*$/, "a path on the shop");
/**
 * Limits are generous on purpose: a queued e-mail is checked in the transaction of what it confirms (an
 * order, a draw of a game), and a long CMS title must not roll that back. The shapes are what matters.
 */
const name = z.string().max(1000);
const line = z.string().max(4000);

const DrawRef = z.object({ name, date: isoDate });

export const EMAIL_KINDS = {
  /** A paid basket: the tickets per draw. */
  "order-confirmation": {
    marketing: false,
    data: z.object({
      firstName: name,
      totalCents: cents,
      draws: z.array(DrawRef.extend({ numbers: z.array(z.string().max(20)).min(1) })).min(1),
    }),
  },
  /** The giver's confirmation of a paid gift ticket. */
  "gift-order-confirmation": {
    marketing: false,
    data: z.object({
      firstName: name,
      totalCents: cents,
      recipientName: name,
      sendOn: isoDate,
      ticketNumber: z.string().max(20),
      draw: DrawRef,
    }),
  },
  /** The gift ticket itself, to its recipient on the send date, with the personal code and redeem link. */
  "gift-ticket": {
    marketing: false,
    data: z.object({
      recipientName: name,
      giverName: name,
      message: z.string().max(4000).nullable(),
      fraction: z.enum(["WHOLE", "ONE_FIFTH"]),
      draw: DrawRef,
      code: z.string().max(40),
      redeemPath: shopPath,
    }),
  },
  /** A new subscription, with its items, schedule and direct-debit mandate. */
  "subscription-confirmation": {
    marketing: false,
    data: z.object({
      firstName: name,
      subscriptionId: z.number().int().positive(),
      startDraw: DrawRef.nullable(),
      items: z.array(z.object({ description: line, pricePerDrawCents: cents })).min(1),
      /** The months it plays, as the pages name them; null for every month. */
      months: line.nullable(),
      promotion: z
        .object({ label: line, draws: z.number().int().positive(), discountPercent: z.number() })
        .nullable(),
      monthlyCents: cents,
      firstCents: cents,
      schedule: z.array(DrawRef.extend({ amountCents: cents, trial: z.boolean() })),
      ibanMasked: z.string().max(40),
      accountHolder: name,
      mandateId: z.string().max(40),
      mandateDate: isoDate,
      subscriptionsPath: shopPath,
    }),
  },
  /** A cancellation of a subscription or some of its items. */
  "subscription-cancellation": {
    marketing: false,
    data: z.object({
      firstName: name,
      subscriptionId: z.number().int().positive(),
      whole: z.boolean(),
      items: z.array(line),
      lastDraw: DrawRef.nullable(),
    }),
  },
  /** A collection the bank could not collect: the subscription is locked until it is paid. */
  "collection-failed": {
    marketing: false,
    data: z.object({
      firstName: name,
      subscriptionId: z.number().int().positive(),
      amountCents: cents,
      drawName: name,
      payPath: shopPath,
    }),
  },
  /** A collection paid twice: the second payment went into the wallet. */
  "collection-refund": {
    marketing: false,
    data: z.object({ firstName: name, subscriptionId: z.number().int().positive(), amountCents: cents }),
  },
  /** A replaced sign-up's first payment, approved late: back into the wallet. */
  "subscription-sign-up-refund": {
    marketing: false,
    data: z.object({ firstName: name, amountCents: cents }),
  },
  /** Prizes of a draw: credited to the wallet, or to be claimed with customer service. */
  prize: {
    marketing: false,
    data: z.object({
      firstName: name,
      drawName: name,
      tickets: z.number().int().positive(),
      creditedCents: cents,
      claimCents: cents,
    }),
  },
  /** A winner of a promotional game of chance. */
  "game-winner": {
    marketing: false,
    data: z.object({
      firstName: name,
      gameTitle: name,
      prize: line,
      ticketNumber: z.string().max(20).nullable(),
    }),
  },
  /** Money put into the wallet. */
  deposit: {
    marketing: false,
    data: z.object({ firstName: name, amountCents: cents, balanceCents: cents }),
  },
  /** A withdrawal from the wallet to the player's own account. */
  withdrawal: {
    marketing: false,
    data: z.object({ firstName: name, amountCents: cents, ibanMasked: z.string().max(40) }),
  },
  /** The result of an age validation through iDIN. */
  "age-validation": {
    marketing: false,
    data: z.object({ firstName: name, outcome: z.enum(["validated", "flagged", "failed", "underage"]) }),
  },
  /** Double opt-in of a promotion's sign-up: the lead counts once this link is followed. */
  "lead-confirmation": {
    marketing: false,
    data: z.object({ firstName: name, promotionTitle: name, confirmPath: shopPath }),
  },
  /** "Wachtwoord vergeten?" (issue 43): the one-time link to choose a new password, and until when it works. */
  "password-reset": {
    marketing: false,
    data: z.object({ firstName: name, resetPath: shopPath, expiresAt: z.iso.datetime() }),
  },
  /** The password was changed under /mijn/profiel (issue 43): when, and where to go if it was not the player. */
  "password-changed": {
    marketing: false,
    data: z.object({ firstName: name, changedAt: z.iso.datetime() }),
  },
  /** To the NEW address of an e-mail change (issue 43): the one-time link that makes it the account's. */
  "email-change-confirmation": {
    marketing: false,
    data: z.object({
      firstName: name,
      newEmail: z.string().max(254),
      confirmPath: shopPath,
      expiresAt: z.iso.datetime(),
    }),
  },
  /** To the OLD address of an e-mail change (issue 43): that it was asked for, the new address masked. */
  "email-change-notice": {
    marketing: false,
    data: z.object({ firstName: name, newEmailMasked: z.string().max(254), requestedAt: z.iso.datetime() }),
  },
  /** To the sender of a question to customer service (issue 43 item 2): received, its reference, a copy. */
  "contact-confirmation": {
    marketing: false,
    data: z.object({
      name,
      reference: z.string().max(40),
      subject: name,
      ticketOrOrderNumber: z.string().max(40).nullable(),
      message: z.string().max(4000),
    }),
  },
  /** The question itself, to customer service's address, answered by replying to the sender (Reply-To). */
  "contact-message": {
    marketing: false,
    data: z.object({
      name,
      email: z.string().max(254),
      reference: z.string().max(40),
      subject: name,
      ticketOrOrderNumber: z.string().max(40).nullable(),
      message: z.string().max(4000),
      /** The logged-in player's customer number; null for a visitor (the address is then unchecked). */
      customerNumber: z.string().max(40).nullable(),
    }),
  },
  /** A game of chance's personal link: enter the player's tickets with one click. */
  "game-invitation": {
    marketing: true,
    data: z.object({
      firstName: name,
      gameTitle: name,
      prize: line,
      tickets: z.number().int().positive(),
      entryPath: shopPath,
      endsOn: isoDate,
    }),
  },
} as const;

export type EmailKind = keyof typeof EMAIL_KINDS;
export type EmailDataOf<K extends EmailKind> = z.infer<(typeof EMAIL_KINDS)[K]["data"]>;
export const EMAIL_KIND_NAMES = Object.keys(EMAIL_KINDS) as EmailKind[];

export function isEmailKind(kind: string): kind is EmailKind {
  return Object.hasOwn(EMAIL_KINDS, kind);
}

/** An e-mail of a kind with its data: what a writer queues and a template renders. */
export type EmailMessage = { [K in EmailKind]: { kind: K; data: EmailDataOf<K> } }[EmailKind];

/** The data of a stored row, checked against its kind's schema; undefined for an unknown kind or bad data. */
export function parseEmail(kind: string, data: unknown): EmailMessage | undefined {
  if (!isEmailKind(kind)) return undefined;
  const parsed = EMAIL_KINDS[kind].data.safeParse(data);
  return parsed.success ? ({ kind, data: parsed.data } as EmailMessage) : undefined;
}

export function isMarketing(kind: EmailKind): boolean {
  return EMAIL_KINDS[kind].marketing;
}
