import { createHash } from "node:crypto";
import { isDeepStrictEqual } from "node:util";
import { and, eq, isNull } from "drizzle-orm";
import type { Logger } from "pino";
import type { Db, Tx } from "@/src/backend/db/database.server";
import { enqueueJob } from "@/src/backend/db/job-queue/enqueue.server";
import { queueEmail } from "@/src/backend/db/outbox/outbox.server";
import {
  draws,
  players,
  subscriptionItems,
  subscriptionOrders,
  subscriptions,
} from "@/src/backend/db/schema";
import type {
  SubscriptionChoice,
  SubscriptionOrderResult,
  SubscriptionSignUp,
  SweepstakeResult,
} from "@/src/contract/subscriptions";
import type { OrderStatus } from "@/src/contract/tickets";
import type { EmailDataOf } from "@/src/domain/emails/kinds";
import type { PaymentProvider } from "@/src/domain/payments/payment-provider";
import { answerPaymentRetry, settledOrderStatus } from "@/src/domain/payments/payment-retry";
import { maskIban, normaliseIban } from "@/src/domain/portal/iban";
import { describeItem, monthList } from "@/src/domain/subscriptions/item-description";
import { mandateIbanProblem, mandateIdFor } from "@/src/domain/subscriptions/mandate";
import {
  ALL_MONTHS,
  itemDrawPrice,
  type SubscriptionItemPlan,
  type SubscriptionPageOffer,
  type SubscriptionPromotion,
} from "@/src/domain/subscriptions/plan";
import { amsterdamIsoDate } from "@/src/lib/amsterdam-time";
import { subscriptionPayment } from "@/src/lib/messages";
import { ISSUE_SUBSCRIPTION_JOB } from "./collections.server";
import { issueDueForSubscription } from "./issuance.server";
import { subscriptionSummaries } from "./overview.server";
import { chargeSchedule, drawsPlayed } from "./quote";
import { drawRef, isSweepstakeOpen, priceChoice, regularDrawsOnSale, SCHEDULE_LENGTH } from "./sales.server";
import { SubscriptionError } from "./subscription-error.server";
import {
  lockPlayer,
  parkPayment,
  refundedForSignUp,
  settleSupersededPayment,
  supersedeOtherSignUps,
} from "./superseded-sign-ups.server";
import { enterSweepstake, type SweepstakeSnapshot, sweepstakeOutcome } from "./sweepstake.server";
import { reserveTrialActivation, settleTrialActivation } from "./trial-activation.server";
import { refuseRepeatedTrial } from "./trial-once.server";

/**
 * Taking out a subscription (issue 14, item 4), modelled on ticket orders: the checked choice, its mandate
 * and the page's offer are stored as a sign-up under the transaction id, and the first draw's amount is
 * paid by iDEAL (which also confirms the account). Idempotent on the transaction id:
 * - the same sign-up under the same id again answers the same payment, never a second sign-up;
 * - a sign-up is settled by one conditional update (`pending` -> final), so of two settlements exactly one
 *   creates the subscription, in the same database transaction that marks the sign-up paid: no
 *   subscription without payment, no payment without a subscription;
 * - the payment status always comes from the provider, never from what a browser or callback claims.
 */

export type SignUpServices = { db: Db; payments: PaymentProvider; logger: Logger; now: () => Date };
type OrderRow = typeof subscriptionOrders.$inferSelect;

/** What a sign-up keeps in `subscription_orders.request`: everything settling it needs, as it was. */
export type StoredSignUp = {
  choice: SubscriptionChoice;
  items: SubscriptionItemPlan[];
  firstDrawId: number;
  promotion: SubscriptionPromotion | null;
  /** The page's sweepstake when it was open as the sign-up was stored: the order takes part in it. */
  sweepstake: SweepstakeSnapshot | null;
  mandate: { iban: string; accountHolder: string; acceptedAt: string };
  /** A campaign's trial subscription (issue 18): the activation the sign-up reserved. */
  actionActivationId?: string;
};

export type SignUpStarted = {
  transactionId: string;
  status: OrderStatus;
  firstAmountInCents: number;
  redirectUrl: string;
};

/** Where the payment page sends the player back to: the form's confirmation page. */
export function signUpReturnPath(pageId: string, transactionId: string): string {
  return `/abonnement/resultaat?pageId=${encodeURIComponent(pageId)}&transactionId=${encodeURIComponent(transactionId)}`;
}

const alreadyProcessed = () => new SubscriptionError("TransactionAlreadyProcessedError");
const rolledBack = () => new SubscriptionError("TransactionRolledbackError");

/** A retry sends the same sign-up; the mandate's moment and the bank do not make it a different one. */
function contentHash(
  pageId: string,
  choice: SubscriptionChoice,
  iban: string,
  accountHolder: string,
): string {
  return createHash("sha256")
    .update(JSON.stringify({ pageId, choice, iban: normaliseIban(iban), accountHolder }))
    .digest("hex");
}

async function findOrder(db: Db, transactionId: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptionOrders)
    .where(eq(subscriptionOrders.transactionId, transactionId))
    .limit(1);
  return row;
}

/**
 * Stores the sign-up and starts its first payment (POST /api/subscriptions/{pageId}). The choice is
 * checked and priced first, with the IBAN: a refusal is `InvalidChoice` with the Dutch message per field,
 * and nothing is stored.
 */
export async function startSignUp(
  services: SignUpServices,
  request: {
    playerId: string;
    offer: SubscriptionPageOffer;
    signUp: SubscriptionSignUp;
    /** A campaign's trial subscription: its activation, reserved with the sign-up and used when paid. */
    trialActivationId?: string;
  },
): Promise<SignUpStarted> {
  const { db } = services;
  const { offer, playerId } = request;
  const {
    transactionId,
    iban,
    accountHolder,
    mandateAccepted: _accepted,
    issuer,
    ...choice
  } = request.signUp;
  const now = services.now();

  const priced = await priceCheckedChoice(db, now, offer, choice, iban);
  const { sweepstake } = offer;
  const stored: StoredSignUp = {
    choice,
    items: priced.items,
    firstDrawId: priced.firstDraw.id,
    promotion: priced.promotion,
    sweepstake:
      sweepstake && isSweepstakeOpen(sweepstake, now)
        ? { ...sweepstake, endsAt: sweepstake.endsAt.toISOString() }
        : null,
    mandate: { iban: normaliseIban(iban), accountHolder, acceptedAt: now.toISOString() },
    ...(request.trialActivationId ? { actionActivationId: request.trialActivationId } : {}),
  };
  const hash = contentHash(offer.pageId, choice, iban, accountHolder);
  const created = await insertSignUp(
    db,
    {
      transactionId,
      playerId,
      pageId: offer.pageId,
      hash,
      stored,
      trialActivationId: request.trialActivationId,
    },
    priced.quote,
    now,
  );
  if (!created) {
    const existing = await findOrder(db, transactionId);
    if (!existing) throw rolledBack();
    return answerRetry(services, existing, { playerId, pageId: offer.pageId, hash, stored, issuer }, 1);
  }
  return startFirstPayment(services, created, issuer);
}

/** The choice priced, with the IBAN checked: any refusal is `InvalidChoice` with the Dutch message per field. */
async function priceCheckedChoice(
  db: Db,
  now: Date,
  offer: SubscriptionPageOffer,
  choice: SubscriptionChoice,
  iban: string,
): Promise<Awaited<ReturnType<typeof priceChoice>>> {
  const ibanProblem = mandateIbanProblem(iban);
  const errors: Record<string, string[]> = ibanProblem ? { iban: [ibanProblem] } : {};
  let priced: Awaited<ReturnType<typeof priceChoice>> | undefined;
  try {
    priced = await priceChoice(db, now, offer, choice);
  } catch (error) {
    if (!(error instanceof SubscriptionError) || error.code !== "InvalidChoice") throw error;
    Object.assign(errors, error.errors);
  }
  if (Object.keys(errors).length > 0 || !priced) throw new SubscriptionError("InvalidChoice", errors);
  return priced;
}

/**
 * Stores a sign-up under its transaction id, under the player's lock, with its trial reserved; undefined
 * when the id is taken already (nothing is stored then).
 */
async function insertSignUp(
  db: Db,
  signUp: {
    transactionId: string;
    playerId: string;
    pageId: string;
    hash: string;
    stored: StoredSignUp;
    trialActivationId: string | undefined;
  },
  quote: { firstAmountInCents: number; monthlyAmountInCents: number },
  now: Date,
): Promise<OrderRow | undefined> {
  const { transactionId, playerId, pageId } = signUp;
  return db.transaction(async (tx) => {
    await lockPlayer(tx, playerId);
    const [row] = await tx
      .insert(subscriptionOrders)
      .values({
        transactionId,
        playerId,
        pageId,
        status: "pending",
        contentHash: signUp.hash,
        request: signUp.stored,
        firstAmountCents: quote.firstAmountInCents,
        monthlyAmountCents: quote.monthlyAmountInCents,
      })
      .onConflictDoNothing({ target: subscriptionOrders.transactionId })
      .returning();
    if (!row) return undefined;
    // A trial only for a player's first subscription (issue 43); under the lock, so two tabs cannot both.
    const { promotion } = signUp.stored;
    if (promotion?.trial)
      await refuseRepeatedTrial(tx, playerId, promotion, { chosenPromotionId: promotion.id });
    // One sign-up in progress per player and page: an older one (another id) is replaced by this one.
    await supersedeOtherSignUps(tx, { playerId, pageId, transactionId }, now);
    const trial = signUp.trialActivationId;
    if (trial) {
      const reserved = await reserveTrialActivation(tx, {
        id: trial,
        playerId,
        subscriptionOrderId: row.id,
      });
      // Another sign-up took the trial meanwhile (a second tab): nothing is stored.
      if (!reserved) throw new SubscriptionError("VoucherCodeAlreadyClaimedError");
    }
    return row;
  });
}

/** Creates the first payment of a stored (or replaced) sign-up; a provider that refuses fails the sign-up. */
async function startFirstPayment(
  services: SignUpServices,
  order: OrderRow,
  issuer: string | undefined,
): Promise<SignUpStarted> {
  const { db, payments, logger } = services;
  let payment: { paymentId: string; redirectUrl: string };
  try {
    payment = await payments.createPayment({
      reference: order.id,
      amountCents: order.firstAmountCents,
      description: subscriptionPayment.description,
      method: "ideal",
      issuer,
      returnUrl: signUpReturnPath(order.pageId, order.transactionId),
    });
  } catch (error) {
    logger.error({ err: error, subscriptionOrderId: order.id }, "payment could not be created");
    await db.transaction(async (tx) => {
      const [failed] = await tx
        .update(subscriptionOrders)
        .set({ status: "failed", completedAt: services.now() })
        .where(and(eq(subscriptionOrders.id, order.id), eq(subscriptionOrders.status, "pending")))
        .returning();
      if (failed) await settleTrialActivation(tx, failed, services.now());
    });
    throw rolledBack();
  }
  // Only a sign-up still waiting for this payment gets it: one another sign-up superseded meanwhile (a second
  // tab) never does. The payment is parked then, so approved anyway it is refunded, and this try ends.
  const attached = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(subscriptionOrders)
      .set({ paymentId: payment.paymentId, paymentUrl: payment.redirectUrl })
      .where(
        and(
          eq(subscriptionOrders.id, order.id),
          eq(subscriptionOrders.status, "pending"),
          isNull(subscriptionOrders.paymentId),
        ),
      )
      .returning({ id: subscriptionOrders.id });
    if (!row) await parkPayment(tx, { ...order, paymentId: payment.paymentId }, services.now());
    return Boolean(row);
  });
  if (!attached) {
    logger.info(
      { subscriptionOrderId: order.id, paymentId: payment.paymentId },
      "sign-up ended while its payment was created; the payment is parked",
    );
    throw rolledBack();
  }
  logger.info(
    { subscriptionOrderId: order.id, firstAmountCents: order.firstAmountCents },
    "subscription sign-up stored",
  );
  return {
    transactionId: order.transactionId,
    status: "pending",
    firstAmountInCents: order.firstAmountCents,
    redirectUrl: payment.redirectUrl,
  };
}

/** What a sign-up sent again under its transaction id: the content (hash) and what storing it needs. */
type SentAgain = {
  playerId: string;
  pageId: string;
  hash: string;
  stored: StoredSignUp;
  issuer: string | undefined;
};

/** The same choice, whatever the order of its fields (the stored one comes back from jsonb). */
function sameChoice(stored: SubscriptionChoice, sent: SubscriptionChoice): boolean {
  return isDeepStrictEqual(JSON.parse(JSON.stringify(stored)), JSON.parse(JSON.stringify(sent)));
}

/**
 * The same transaction id again (a double click, a retry, a second tab, the back button from the payment
 * page): the open payment of the same sign-up is answered again; a changed mandate (another IBAN or account
 * holder) replaces it while its payment is open, under the same id and so the same mandate id (issue 40);
 * another choice is another sign-up, priced anew under a new id (the shop's form gives one), so it is
 * rolled back here; anything else says what happened to it.
 */
async function answerRetry(
  services: SignUpServices,
  order: OrderRow,
  sent: SentAgain,
  replacements: number,
): Promise<SignUpStarted> {
  const verdict = await answerPaymentRetry(
    order,
    // Whether its payment is still open, whatever was sent this time.
    { playerId: sent.playerId, contentHash: order.contentHash },
    {
      reload: () => findOrder(services.db, order.transactionId),
      settle: (paymentId) => settleSubscriptionPayment(services, paymentId),
    },
  );
  if (verdict.outcome === "alreadyProcessed") throw alreadyProcessed();
  if (verdict.outcome === "rolledBack") throw rolledBack();
  if (verdict.order.contentHash === sent.hash) {
    return {
      transactionId: verdict.order.transactionId,
      status: "pending",
      firstAmountInCents: verdict.order.firstAmountCents,
      redirectUrl: verdict.paymentUrl,
    };
  }
  const stored = verdict.order.request as StoredSignUp;
  // The amounts and the payment are the choice's as first priced: only the mandate may change under this id.
  if (verdict.order.pageId !== sent.pageId || !sameChoice(stored.choice, sent.stored.choice)) {
    throw rolledBack();
  }
  // A campaign's trial is reserved by the sign-up as first stored; another trial is another sign-up.
  if (stored.actionActivationId !== sent.stored.actionActivationId) throw rolledBack();
  const replaced = await replaceSignUp(services, verdict.order, sent);
  if (replaced) return startFirstPayment(services, replaced, sent.issuer);
  // Paid, or replaced by a request alongside this one, meanwhile: answer as it stands now.
  const current = await findOrder(services.db, order.transactionId);
  if (!current || replacements <= 0) throw rolledBack();
  return answerRetry(services, current, sent, replacements - 1);
}

/**
 * Replaces a pending sign-up's mandate and parks its open payment (approved late, it is refunded), in one
 * transaction under the player's lock; undefined when the sign-up changed meanwhile. What it buys (the
 * items, first draw, promotion, sweepstake, trial) stays as priced with its amounts.
 */
async function replaceSignUp(
  services: SignUpServices,
  order: OrderRow,
  sent: SentAgain,
): Promise<OrderRow | undefined> {
  const now = services.now();
  return services.db.transaction(async (tx) => {
    await lockPlayer(tx, order.playerId);
    const [current] = await tx
      .select()
      .from(subscriptionOrders)
      .where(eq(subscriptionOrders.id, order.id))
      .for("update");
    if (current?.status !== "pending" || current.paymentId !== order.paymentId) return undefined;
    await parkPayment(tx, current, now);
    const request: StoredSignUp = { ...(current.request as StoredSignUp), mandate: sent.stored.mandate };
    const [replaced] = await tx
      .update(subscriptionOrders)
      .set({
        contentHash: sent.hash,
        request,
        paymentId: null,
        paymentUrl: null,
      })
      .where(eq(subscriptionOrders.id, order.id))
      .returning();
    services.logger.info(
      { subscriptionOrderId: order.id, supersededPaymentId: order.paymentId },
      "subscription sign-up replaced while its payment was open",
    );
    return replaced;
  });
}

/**
 * Brings a sign-up in line with its first payment, as the provider reports it; undefined when no sign-up
 * has this payment id. Safe to call any number of times and concurrently (notification, return page,
 * replays): one conditional update wins, and only the winner creates the subscription, its items, the
 * sweepstake entry, the confirmation e-mail and the job that issues its tickets, in the same transaction.
 * A payment that is not paid creates nothing.
 */
export async function settleSubscriptionPayment(
  services: SignUpServices,
  paymentId: string,
): Promise<OrderStatus | undefined> {
  const { db, payments, logger } = services;
  const [row] = await db
    .select({ order: subscriptionOrders, email: players.email, firstName: players.firstName })
    .from(subscriptionOrders)
    .innerJoin(players, eq(players.id, subscriptionOrders.playerId))
    .where(eq(subscriptionOrders.paymentId, paymentId))
    .limit(1);
  if (!row) return settleParked(services, paymentId);
  const { order } = row;
  // A payment a superseded sign-up still names (stored before it was parked on attaching): refunded if paid.
  if (order.status === "superseded") {
    await db.transaction((tx) => parkPayment(tx, order, services.now()));
    return settleParked(services, paymentId);
  }
  if (order.status !== "pending") return order.status as OrderStatus;
  const payment = await payments.getPayment(paymentId);
  const verdict = settledOrderStatus(payment, order.firstAmountCents);
  if (!verdict) return "pending";
  if (verdict.amountMismatch) {
    logger.error(
      { subscriptionOrderId: order.id, paymentId, paid: payment?.amountCents },
      "payment amount differs from the subscription's first amount",
    );
  }
  const settled = verdict.status;
  const signUp = order.request as StoredSignUp;
  // Read before the transaction: the draw it starts in and the next draws, for the e-mail.
  const start = settled === "paid" ? await startingDraws(db, services.now(), signUp) : undefined;
  const mandateId = mandateIdFor(order.transactionId);

  const created = await db.transaction((tx) =>
    settleSignUp(tx, services, { row, paymentId, settled, signUp, mandateId, start }),
  );
  if (!created) return statusAfterLostSettlement(services, order.id, paymentId, settled);
  logger.info(
    { subscriptionOrderId: order.id, status: settled, subscriptionId: created.subscriptionId },
    "subscription sign-up settled",
  );
  if (created.subscriptionId !== null) await issueFirstDraw(services, created.subscriptionId);
  return settled;
}

/** A sign-up being settled: its row with the player's e-mail and name, and what its payment decided. */
type Settlement = {
  row: { order: OrderRow; email: string; firstName: string };
  paymentId: string;
  settled: NonNullable<ReturnType<typeof settledOrderStatus>>["status"];
  signUp: StoredSignUp;
  mandateId: string;
  start: StartingDraws | undefined;
};

/**
 * Inside the settling transaction: marks the sign-up final and, when paid, creates its subscription;
 * undefined when the sign-up is no longer pending on this payment.
 */
async function settleSignUp(
  tx: Tx,
  services: SignUpServices,
  settlement: Settlement,
): Promise<{ subscriptionId: number | null } | undefined> {
  const { row, paymentId, settled, start } = settlement;
  const { order } = row;
  // Still pending on this payment: a sign-up replaced meanwhile has parked it, and it settles nothing here.
  const [updated] = await tx
    .update(subscriptionOrders)
    .set({ status: settled, completedAt: services.now() })
    .where(
      and(
        eq(subscriptionOrders.id, order.id),
        eq(subscriptionOrders.status, "pending"),
        eq(subscriptionOrders.paymentId, paymentId),
      ),
    )
    .returning();
  if (!updated) return undefined;
  await settleTrialActivation(tx, updated, services.now());
  if (settled !== "paid" || !start) return { subscriptionId: null };
  const subscriptionId = await createSubscription(tx, settlement, updated, start);
  return { subscriptionId };
}

/**
 * The paid sign-up's subscription with its items, sweepstake entry, confirmation e-mail and the job that
 * issues its tickets, in the settling transaction.
 */
async function createSubscription(
  tx: Tx,
  { row, signUp, mandateId }: Settlement,
  updated: OrderRow,
  start: StartingDraws,
): Promise<number> {
  const { order } = row;
  const [subscription] = await tx
    .insert(subscriptions)
    .values({
      playerId: order.playerId,
      pageId: order.pageId,
      status: "active",
      startDrawId: start.startDrawId,
      iban: signUp.mandate.iban,
      accountHolder: signUp.mandate.accountHolder,
      mandateId,
      mandateSignedAt: new Date(signUp.mandate.acceptedAt),
      promotion: signUp.promotion,
    })
    .returning({ id: subscriptions.id });
  if (!subscription) throw new Error("The subscription was not created");
  await tx.insert(subscriptionItems).values(
    signUp.items.map((item) => ({
      subscriptionId: subscription.id,
      productType: item.productType,
      fraction: item.fractionType,
      withXl: item.withXl,
      endDigits: item.endDigits,
      withFixedTicketNumber: item.withFixedTicketNumber,
      participatingMonths: item.participatingMonths,
      multiplier: item.multiplier,
    })),
  );
  await tx
    .update(subscriptionOrders)
    .set({ subscriptionId: subscription.id })
    .where(eq(subscriptionOrders.id, order.id));
  if (signUp.sweepstake) await enterSweepstake(tx, order.id, signUp.sweepstake);
  await queueEmail(tx, {
    kind: "subscription-confirmation",
    recipient: row.email,
    playerId: order.playerId,
    data: confirmationData(row.firstName, subscription.id, updated, signUp, mandateId, start),
    subscriptionOrderId: order.id,
  });
  await enqueueJob(tx, {
    name: ISSUE_SUBSCRIPTION_JOB,
    key: `${ISSUE_SUBSCRIPTION_JOB}:${subscription.id}`,
    payload: { subscriptionId: subscription.id },
  });
  return subscription.id;
}

/** Another settlement won the race, or another sign-up replaced this one (its payment is parked now). */
async function statusAfterLostSettlement(
  services: SignUpServices,
  orderId: string,
  paymentId: string,
  settled: Settlement["settled"],
): Promise<OrderStatus | undefined> {
  const [final] = await services.db
    .select({ status: subscriptionOrders.status, paymentId: subscriptionOrders.paymentId })
    .from(subscriptionOrders)
    .where(eq(subscriptionOrders.id, orderId));
  if (final?.paymentId !== paymentId) return settleParked(services, paymentId);
  return (final?.status as OrderStatus | undefined) ?? settled;
}

/**
 * A payment of a sign-up that another replaced (issue 40): approved late, it creates nothing and is
 * refunded (`paid` to the notification: settled for good); undefined when it is no sign-up's payment.
 */
async function settleParked(services: SignUpServices, paymentId: string): Promise<OrderStatus | undefined> {
  const state = await settleSupersededPayment(services, paymentId);
  if (state === undefined) return undefined;
  return state === "open" ? "pending" : "cancelled";
}

/**
 * Issues the new subscription's first draw right away, so its tickets are there when the player looks.
 * A failure here loses nothing: the job queued with the subscription issues it (and retries).
 */
async function issueFirstDraw(services: SignUpServices, subscriptionId: number): Promise<void> {
  try {
    await issueDueForSubscription(
      { db: services.db, logger: services.logger, now: services.now },
      subscriptionId,
    );
  } catch (error) {
    services.logger.warn(
      { err: error, subscriptionId },
      "first draw of a new subscription not issued yet; its job will",
    );
  }
}

type DrawRow = typeof draws.$inferSelect;
type StartingDraws = { startDrawId: number; startDraw: DrawRow | undefined; schedule: DrawRow[] };

/**
 * The draw the subscription starts in: the sign-up's first draw, or, when its sales closed while the player
 * was paying, the next draw on sale it plays in (the first payment pays for that one instead).
 */
async function startingDraws(db: Db, now: Date, signUp: StoredSignUp): Promise<StartingDraws> {
  const onSale = drawsPlayed(await regularDrawsOnSale(db, now), signUp.items);
  const firstIndex = onSale.findIndex((draw) => draw.id === signUp.firstDrawId);
  const schedule = onSale.slice(Math.max(0, firstIndex), Math.max(0, firstIndex) + SCHEDULE_LENGTH);
  const [start] = schedule;
  if (start) return { startDrawId: start.id, startDraw: start, schedule };
  const [first] = await db.select().from(draws).where(eq(draws.id, signUp.firstDrawId)).limit(1);
  return { startDrawId: signUp.firstDrawId, startDraw: first, schedule: [] };
}

/** The confirmation e-mail: what plays from which draw, what is collected each month, and the mandate. */
function confirmationData(
  firstName: string,
  subscriptionId: number,
  order: OrderRow,
  signUp: StoredSignUp,
  mandateId: string,
  start: StartingDraws,
): EmailDataOf<"subscription-confirmation"> {
  const months = [...new Set(signUp.items.flatMap((item) => item.participatingMonths))];
  const schedule = chargeSchedule(start.schedule, signUp.items, signUp.promotion);
  const { promotion } = signUp;
  return {
    firstName,
    subscriptionId,
    startDraw: start.startDraw
      ? { name: start.startDraw.name, date: amsterdamIsoDate(start.startDraw.drawAt) }
      : null,
    items: signUp.items.map((item) => ({
      description: describeItem(item),
      pricePerDrawCents: itemDrawPrice(item),
    })),
    months: months.length === ALL_MONTHS.length ? null : monthList(months),
    promotion: promotion
      ? { label: promotion.label, draws: promotion.draws, discountPercent: promotion.discountPercent }
      : null,
    monthlyCents: order.monthlyAmountCents,
    firstCents: order.firstAmountCents,
    schedule: schedule.map(({ draw, amountCents, purchaseType }) => ({
      name: draw.name,
      date: amsterdamIsoDate(draw.drawAt),
      amountCents,
      trial: purchaseType === "TrialSubscription",
    })),
    ibanMasked: maskIban(signUp.mandate.iban),
    accountHolder: signUp.mandate.accountHolder,
    mandateId,
    mandateDate: amsterdamIsoDate(new Date(signUp.mandate.acceptedAt)),
    subscriptionsPath: "/mijn/abonnementen",
  };
}

/** The player's sign-up behind a transaction id on a page, settled with the provider first when still open. */
async function playersOrder(
  services: SignUpServices,
  playerId: string,
  pageId: string,
  transactionId: string,
): Promise<OrderRow | undefined> {
  const order = await findOrder(services.db, transactionId);
  if (!order || order.playerId !== playerId || order.pageId !== pageId) return undefined;
  if (order.status !== "pending" || !order.paymentId) return order;
  await settleSubscriptionPayment(services, order.paymentId);
  return (await findOrder(services.db, transactionId)) ?? order;
}

/** The state of a sign-up after the payment page (GET /api/subscriptions/{pageId}/orders/{orderId}). */
export async function signUpResult(
  services: SignUpServices,
  playerId: string,
  pageId: string,
  transactionId: string,
): Promise<SubscriptionOrderResult | undefined> {
  const order = await playersOrder(services, playerId, pageId, transactionId);
  if (!order) return undefined;
  const signUp = order.request as StoredSignUp;
  const [subscription] =
    order.subscriptionId === null
      ? []
      : await subscriptionSummaries(services.db, services.now(), playerId, [order.subscriptionId]);
  const firstDrawId = subscription?.startDraw.drawId ?? signUp.firstDrawId;
  const [firstDraw] = await services.db.select().from(draws).where(eq(draws.id, firstDrawId)).limit(1);
  if (!firstDraw) throw new Error(`The first draw ${firstDrawId} of a sign-up is gone`);
  return {
    transactionId: order.transactionId,
    // A sign-up another replaced ended without a subscription, as a cancelled one did.
    status: order.status === "superseded" ? "cancelled" : (order.status as OrderStatus),
    refundedInCents: await refundedForSignUp(services, order.id),
    firstAmountInCents: order.firstAmountCents,
    monthlyAmountInCents: order.monthlyAmountCents,
    firstDraw: drawRef(firstDraw),
    subscription: subscription ?? null,
    sweepstake: signUp.sweepstake ? await outcomeOf(services.db, order, signUp) : null,
  };
}

function outcomeOf(db: Db, order: OrderRow, signUp: StoredSignUp): Promise<SweepstakeResult> {
  return sweepstakeOutcome(
    db,
    { id: order.id, status: order.status, sweepstake: signUp.sweepstake },
    order.transactionId,
  );
}

/**
 * The sign-up sweepstake's result of an order (GET /api/subscriptions/{pageId}/sweepstake/{orderId}/result):
 * the same on every call once decided. Settles the sign-up with the provider first when still open.
 */
export async function signUpSweepstakeResult(
  services: SignUpServices,
  playerId: string,
  pageId: string,
  transactionId: string,
): Promise<SweepstakeResult | undefined> {
  const order = await playersOrder(services, playerId, pageId, transactionId);
  if (!order) return undefined;
  return outcomeOf(services.db, order, order.request as StoredSignUp);
}
