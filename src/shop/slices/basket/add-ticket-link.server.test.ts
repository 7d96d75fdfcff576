import { beforeEach, describe, expect, it, vi } from "vitest";
import { getPriceDetails, verifyExternalTickets } from "@/src/contract/tickets";
import { ApiError } from "@/src/shop/client/api-error";
import { stubClients } from "@/tests/support/stub-clients";
import { ticketsFromLink } from "./add-ticket-link.server";

/** A monthly draw (whole and fifth lots) first on sale, then the year-end draw (whole and half lots). */
const draw = (drawId: number, fractions: string[]) => ({ drawId, fractions });
const verify = vi.fn();
let draws = [draw(1250, ["WHOLE", "ONE_FIFTH"]), draw(1251, ["WHOLE", "HALF"])];

const link = (search: string) => {
  const clients = stubClients([
    [getPriceDetails, () => ({ draws })],
    [verifyExternalTickets, (input) => verify(input)],
  ]);
  return ticketsFromLink(clients.shop, new URL(`http://shop.test/winkelmandje/lot-toevoegen?${search}`));
};

beforeEach(() => {
  draws = [draw(1250, ["WHOLE", "ONE_FIFTH"]), draw(1251, ["WHOLE", "HALF"])];
  verify.mockReset().mockImplementation(() => ({ tickets: [{ _type: "StlBasketTicket" }] }));
});

describe("a link that puts a ticket in the basket", () => {
  it("takes the README's half street with XL and end digit 7 in the first draw that sells half lots", async () => {
    const outcome = await link("soort=straat&deel=half&xl=ja&eindcijfers=7");
    expect(outcome.ok).toBe(true);
    expect(verify).toHaveBeenCalledWith({
      body: {
        tickets: [
          {
            drawId: 1251,
            productType: "Street",
            fraction: "HALF",
            withXl: true,
            quantity: 1,
            multiplier: 1,
            endDigits: [[-1, 7]],
            isUpsell: false,
          },
        ],
        millionGame: undefined,
      },
    });
  });

  it("says in Dutch why not when no draw on sale sells its part of a ticket", async () => {
    draws = [draw(1250, ["WHOLE", "ONE_FIFTH"])];
    expect(await link("soort=straat&deel=half")).toEqual({
      ok: false,
      reason:
        "Dit lot is nu in geen enkele trekking te koop. Kies hieronder of op de pagina Loten een ander lot.",
    });
    expect(verify).not.toHaveBeenCalled();
  });

  it("passes on the shop's Dutch reason for a ticket its rules refuse", async () => {
    verify.mockImplementation(() => {
      throw new ApiError({
        status: 422,
        message: "Er ging iets mis",
        fieldErrors: { "tickets.0.drawId": ["De verkoop voor deze trekking is gesloten."] },
      });
    });
    expect(await link("trekking=1250&soort=lot")).toEqual({
      ok: false,
      reason: "De verkoop voor deze trekking is gesloten.",
    });
  });
});
