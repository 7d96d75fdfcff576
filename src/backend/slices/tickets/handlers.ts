import { requireValidatedAge } from "@/src/backend/http/age-gate";
import { partnerHostOf } from "@/src/backend/http/page-headers";
import { HttpProblem } from "@/src/backend/http/problem-error";
import { type HandlerContext, implement } from "@/src/backend/http/router";
import type { SessionPlayer } from "@/src/backend/http/session/session.server";
import {
  type CheckoutRequest,
  listParticipations,
  orderResult,
  startCheckout,
} from "@/src/backend/orders/orders.server";
import {
  type ConfigureResult,
  configureTicket,
  openMillionGameDraw,
  priceDetails,
  verifyBasketItems,
} from "@/src/backend/orders/sales.server";
import {
  buyConfiguredTicket,
  type ConfiguredTicket,
  continueOrder,
  getParticipations,
  getPriceDetails,
  storeBasket,
  verifyBasket,
  verifyConfiguredTicket,
  verifyExternalTickets,
} from "@/src/contract/tickets";
import { lineTotal } from "@/src/domain/tickets/basket-math";
import { randomBasketItemId } from "@/src/domain/tickets/basket-rules";
import type { BasketTicket } from "@/src/domain/tickets/basket-ticket";
import { CachePolicy } from "@/src/lib/cache-policy";
import { ticketMessages } from "@/src/lib/messages";

const REASON_MESSAGES: Record<Extract<ConfigureResult, { ok: false }>["reason"], string> = {
  drawClosed: ticketMessages.drawClosed,
  unknownDraw: ticketMessages.draw,
  fraction: ticketMessages.fraction,
  tooManyEndDigits: ticketMessages.tooManyEndDigits,
  endDigitsStreet: ticketMessages.endDigitsStreet,
};

/** A configured ticket as a basket ticket, or 422 with the field and its Dutch message. */
async function configured(context: HandlerContext, ticket: ConfiguredTicket, prefix = "") {
  const result = await configureTicket(context.services.db, ticket, context.services.now());
  if (!result.ok) {
    throw new HttpProblem(422, {
      detail: REASON_MESSAGES[result.reason],
      errors: { [`${prefix}${result.field}`]: [REASON_MESSAGES[result.reason]] },
    });
  }
  return result.ticket;
}

function orderServices(context: HandlerContext) {
  return {
    db: context.services.db,
    payments: context.services.payments,
    logger: context.log,
    now: context.services.now,
  };
}

/** Stores the order and starts its payment; a refused order (OrderError) the router answers with its code. */
async function checkout(context: HandlerContext & { player: SessionPlayer }, request: CheckoutRequest) {
  requireValidatedAge(context.player);
  // An order started on a partner's host is the partner's sale, whatever the flow (issue 40).
  return startCheckout(orderServices(context), { ...request, partner: partnerHostOf(context) });
}

export const ticketHandlers = [
  implement(getPriceDetails, async ({ params }, { services, res }) => {
    // Shared caches may keep the catalogue briefly; closing times are enforced again on every order.
    res.setHeader("Cache-Control", CachePolicy.catalogue);
    return priceDetails(services.db, params.pageId, services.now());
  }),

  implement(verifyConfiguredTicket, async ({ body }, context) => {
    const ticket = await configured(context, body);
    return { ticket, totalInCents: lineTotal(ticket) };
  }),

  implement(verifyBasket, async ({ body }, { services, res }) => {
    res.setHeader("Cache-Control", CachePolicy.noStore);
    return verifyBasketItems(services.db, body.tickets, services.now());
  }),

  implement(verifyExternalTickets, async ({ body }, context) => {
    const tickets: BasketTicket[] = [];
    for (const [index, ticket] of body.tickets.entries()) {
      tickets.push(await configured(context, ticket, `tickets.${index}.`));
    }
    if (body.millionGame) {
      const draw = await openMillionGameDraw(context.services.db, context.services.now());
      if (!draw) throw new HttpProblem(422, { errors: { millionGame: [ticketMessages.drawClosed] } });
      tickets.push({
        _type: "MjsBasketTicket",
        basketItemId: randomBasketItemId(),
        quantity: body.millionGame.quantity,
        drawId: draw.id,
      });
    }
    return { tickets };
  }),

  // Before `/api/tickets/{pageId}`, which would otherwise take `store` for a page id.
  implement(storeBasket, async ({ body }, context) => {
    return checkout(context, {
      playerId: context.player.id,
      transactionId: body.transactionId,
      tickets: body.tickets,
      paymentMethod: body.paymentMethod,
      issuer: body.issuer,
      pageId: "winkelmandje",
    });
  }),

  implement(buyConfiguredTicket, async ({ params, body }, context) => {
    const ticket = await configured(context, body.ticket, "ticket.");
    return checkout(context, {
      playerId: context.player.id,
      transactionId: body.transactionId,
      tickets: [{ ...ticket, basketItemId: "inline" }],
      paymentMethod: body.paymentMethod,
      issuer: body.issuer,
      pageId: params.pageId,
    });
  }),

  implement(continueOrder, async ({ body }, context) => {
    context.res.setHeader("Cache-Control", CachePolicy.private);
    const result = await orderResult(orderServices(context), context.player.id, body.transactionId);
    if (!result) throw new HttpProblem(404);
    return result;
  }),

  implement(getParticipations, async (_input, { services, player, res }) => {
    res.setHeader("Cache-Control", CachePolicy.private);
    return listParticipations(services.db, player.id);
  }),
];
