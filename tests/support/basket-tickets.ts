import type { MjsBasketTicket, StlBasketTicket } from "@/src/domain/tickets/basket-ticket";

/**
 * Sample basket tickets for tests: one whole single ticket for draw 1250 (€ 17.50, € 20.00 with XL) and
 * one million-game ticket for draw 77. The classic ticket's sale closes far in the future, so it stays
 * open whatever today is; a test that injects its own `now` passes its own `expireDateTime`.
 */
export function classicTicket(overrides: Partial<StlBasketTicket> = {}): StlBasketTicket {
  return {
    _type: "StlBasketTicket",
    basketItemId: "stl-1",
    quantity: 1,
    productId: "KROON-SingleTicket-WHOLE",
    drawId: 1250,
    productType: "SingleTicket",
    multiplier: 1,
    withXl: false,
    expireDateTime: "2099-12-10T16:00:00.000Z",
    isUpsell: false,
    endDigits: [],
    pricePerTicketInCents: 1750,
    pricePerTicketWithAddOnInCents: 2000,
    fraction: "WHOLE",
    isFractional: false,
    firstDrawId: 1250,
    ...overrides,
  };
}

/** See {@link classicTicket}. */
export function millionGameTicket(overrides: Partial<MjsBasketTicket> = {}): MjsBasketTicket {
  return { _type: "MjsBasketTicket", basketItemId: "mjs-1", quantity: 1, drawId: 77, ...overrides };
}
