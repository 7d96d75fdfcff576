import { z } from "zod";
import { drawIdParam } from "@/src/contract/fields";
import {
  type ConfiguredTicket,
  ConfiguredTicketSchema,
  getPriceDetails,
  verifyExternalTickets,
} from "@/src/contract/tickets";
import type { BasketTicket } from "@/src/domain/tickets/basket-ticket";
import type { ProductType } from "@/src/domain/tickets/catalogue";
import { basketLink } from "@/src/lib/messages";
import type { ApiCaller } from "@/src/shop/client/api-caller";
import { ApiError } from "@/src/shop/client/api-error";

/**
 * `/winkelmandje/lot-toevoegen?…` (spec section 2): CMS links and affiliates describe a ticket in the
 * query string. Names may be the API's (`productType=Street`) or the Dutch ones editors write
 * (`soort=straat`). Whatever the link says, prices and closing times come from the server.
 */

const PRODUCT_ALIASES: Record<string, ProductType> = {
  singleticket: "SingleTicket",
  lot: "SingleTicket",
  street: "Street",
  straat: "Street",
  boulevard: "Boulevard",
};
const FRACTION_ALIASES: Record<string, ConfiguredTicket["fraction"]> = {
  whole: "WHOLE",
  heel: "WHOLE",
  half: "HALF",
  one_fifth: "ONE_FIFTH",
  vijfde: "ONE_FIFTH",
};
const YES = new Set(["1", "true", "ja", "yes"]);

const LinkSchema = z.object({
  product: z.string().max(20).optional(),
  fraction: z.string().max(20).optional(),
  drawId: drawIdParam.optional(),
  quantity: z.coerce.number().int().optional(),
  multiplier: z.coerce.number().int().optional(),
  xl: z.string().max(5).optional(),
  digits: z.string().max(200).optional(),
  millionGame: z.coerce.number().int().min(1).max(100).optional(),
});

function first(params: URLSearchParams, ...names: string[]): string | undefined {
  for (const name of names) {
    const value = params.get(name);
    if (value !== null && value.trim() !== "") return value.trim();
  }
  return undefined;
}

/** `07,3-` style end digits: a street takes one digit per ticket, the others two; `-` or `x` is random. */
function parseDigits(value: string | undefined, productType: ProductType): Array<[number, number]> {
  if (!value) return [];
  return value.split(",").map((part) => {
    const digits = [...part.trim()].map((char) => (/\d/.test(char) ? Number(char) : -1));
    if (productType === "Street") return [-1, digits[0] ?? -1];
    return [digits[0] ?? -1, digits[1] ?? -1];
  });
}

/** `reason`: why the link adds nothing, in Dutch, when the link or the shop can say. */
export type LinkOutcome = { ok: true; tickets: BasketTicket[] } | { ok: false; reason?: string };

/** The page id a link's tickets are priced under when it names no draw (spec section 7). */
const LINK_PAGE_ID = "winkelmandje";

/**
 * The tickets a link describes, as the shop API verifies and prices them (`POST
 * /api/basket/external/verify`); a link the API refuses (a closed draw, a bad combination) is not ok.
 */
export async function ticketsFromLink(shop: ApiCaller, url: URL): Promise<LinkOutcome> {
  const params = url.searchParams;
  const parsed = LinkSchema.safeParse({
    product: first(params, "productType", "product", "soort"),
    fraction: first(params, "fraction", "deel"),
    drawId: first(params, "drawId", "trekking"),
    quantity: first(params, "quantity", "aantal"),
    multiplier: first(params, "multiplier", "vermenigvuldiger"),
    xl: first(params, "withXl", "xl"),
    digits: first(params, "endDigits", "eindcijfers"),
    millionGame: first(params, "millionGame", "miljoenenspel"),
  });
  if (!parsed.success) return { ok: false };
  const link = parsed.data;
  const classic: ConfiguredTicket[] = [];

  if (link.product || !link.millionGame) {
    const productType = PRODUCT_ALIASES[(link.product ?? "lot").toLowerCase()];
    const fraction = FRACTION_ALIASES[(link.fraction ?? "heel").toLowerCase()];
    if (!productType || !fraction) return { ok: false };
    // Without a draw, the link means the first draw on sale that sells its part of a ticket (a half
    // lot: the year-end draw's, issue 43).
    const drawId =
      link.drawId ??
      (await shop.call(getPriceDetails, { params: { pageId: LINK_PAGE_ID } })).draws.find((draw) =>
        draw.fractions.includes(fraction),
      )?.drawId;
    if (!drawId) return { ok: false, reason: basketLink.notOnSale };
    const candidate = ConfiguredTicketSchema.safeParse({
      drawId,
      productType,
      fraction,
      withXl: YES.has((link.xl ?? "").toLowerCase()),
      quantity: link.quantity ?? 1,
      multiplier: link.multiplier ?? 1,
      endDigits: parseDigits(link.digits, productType),
    });
    if (!candidate.success) return { ok: false };
    classic.push(candidate.data);
  }
  try {
    const { tickets } = await shop.call(verifyExternalTickets, {
      body: {
        tickets: classic,
        millionGame: link.millionGame ? { quantity: link.millionGame } : undefined,
      },
    });
    return { ok: true, tickets: tickets as BasketTicket[] };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 400 || error.status === 422)) {
      // A refusal by the rules (422: a closed draw, a combination not sold) carries the shop's Dutch reason.
      const reason = error.status === 422 ? Object.values(error.fieldErrors).flat()[0] : undefined;
      return { ok: false, reason };
    }
    throw error;
  }
}
