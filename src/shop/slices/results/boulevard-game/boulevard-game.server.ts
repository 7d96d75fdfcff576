import { getBoulevardGame, getBoulevardTickets, getDrawResult } from "@/src/contract/results";
import { general, boulevardGame as text } from "@/src/lib/messages";
import type { ApiCaller } from "@/src/shop/client/api-caller";
import { ApiError } from "@/src/shop/client/api-error";
import {
  type BoulevardGameAnswer,
  type BoulevardQuery,
  checkBoulevardQuery,
  fieldErrorsOf,
} from "./boulevard-game-model";

/**
 * The result page's answer to a query: checked with the form's own rules first (nothing is asked for a
 * query a player must correct), then the boulevard's prizes in the latest draw, its 100 numbers and the
 * draw they were drawn in. A refusal of the API is shown at its field, or for the form (no result
 * published yet); with the HTTP status the page answers with. Anything else (the API down) throws.
 */
export async function answerBoulevardQuery(
  shop: ApiCaller,
  query: BoulevardQuery,
): Promise<{ answer: BoulevardGameAnswer; status: number }> {
  const checked = checkBoulevardQuery(query);
  if ("errors" in checked) return { answer: { query, errors: checked.errors }, status: 400 };
  const params = { boulevardId: checked.boulevardId };
  try {
    const [game, numbers] = await Promise.all([
      shop.call(getBoulevardGame, { params, query: { shares: String(checked.shares) } }),
      shop.call(getBoulevardTickets, { params }),
    ]);
    const { draw } = await shop.call(getDrawResult, { params: { drawId: game.drawId } });
    return {
      answer: {
        query,
        outcome: {
          boulevardId: game.boulevardId,
          shares: game.shares,
          draw,
          numbers: numbers.tickets,
          prizes: game.prizes,
          totalInCents: game.totalInCents,
          perShareInCents: game.perShareInCents,
        },
      },
      status: 200,
    };
  } catch (error) {
    if (!(error instanceof ApiError) || (error.status !== 400 && error.status !== 404)) throw error;
    const errors = fieldErrorsOf(error.fieldErrors);
    const blamesAField = Object.keys(errors).length > 0;
    // A 404 that blames no field: no classic draw's result is published yet. A 400 always blames one.
    const formError = blamesAField ? undefined : error.status === 404 ? text.noResult : general.generic;
    return { answer: { query, errors, formError }, status: error.status };
  }
}
