import { data, redirect } from "react-router";
import {
  getPriceDetails,
  PageIdSchema,
  type PriceDetails,
  verifyConfiguredTicket,
  verifyExternalTickets,
} from "@/src/contract/tickets";
import type { BasketTicket } from "@/src/domain/tickets/basket-ticket";
import { BASKET_UNIT_LIMIT } from "@/src/domain/tickets/catalogue";
import { CachePolicy } from "@/src/lib/cache-policy";
import { createFlash } from "@/src/lib/flash/flash";
import { flashCookieHeader } from "@/src/lib/flash/flash.server";
import { basket, general, millionGame, pages, ticketConfigurator } from "@/src/lib/messages";
import { pageMeta } from "@/src/shop/app/components/page-frame";
import { readFormPost } from "@/src/shop/app/lib/form-post.server";
import { addToServerBasket } from "@/src/shop/app/lib/server-basket.server";
import { type RequestContext, requestContext } from "@/src/shop/app/request-context";
import { ApiError } from "@/src/shop/client/api-error";
import { deferred } from "@/src/shop/components/deferred-hydration";
import {
  type ConfiguratorChoice,
  checkChoice,
  choiceFromForm,
} from "@/src/shop/slices/tickets/configurator/configurator-form";
import { fieldErrorsByInput, parseQuantity } from "@/src/shop/slices/tickets/configurator/configurator-model";
import {
  MILLION_GAME_PAGE_ID,
  type MillionGameDraw,
} from "@/src/shop/slices/tickets/million-game/million-game-draw";
import type { MillionGameAnswer } from "@/src/shop/slices/tickets/million-game/million-game-form";
import type { Route } from "./+types/basket-add";

export const meta: Route.MetaFunction = () => [
  ...pageMeta(pages.addToBasket.title),
  { name: "robots", content: "noindex" },
];

/** The configurator or million-game form again, as the player filled it in, with why it was refused. */
type Refused =
  | {
      kind: "classic";
      pageId: string;
      details: PriceDetails;
      lockedDrawId?: number;
      choice: ConfiguratorChoice;
      errors: Record<string, string>;
      formError?: string;
    }
  | { kind: "millionGame"; draw: MillionGameDraw | null; answer: MillionGameAnswer };

/** Nothing to load: the page only shows a refused form (the action's answer). */
export const loader = () => null;

/**
 * The ticket configurator and the million-game block without JavaScript (their forms post here; with
 * JavaScript they verify and fill the basket in the browser). The shop API verifies and prices the
 * ticket, the basket cookie takes it under the basket's rules, and the player lands on the basket (303).
 * A refused choice shows its form again with the Dutch messages and everything the player entered.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  const form = await readFormPost(request);
  return form.get("kind") === "millionGame"
    ? addMillionGame(ctx, request, form)
    : addConfigured(ctx, request, form);
}

function refused(answer: Refused) {
  return data(answer, { status: 422 });
}

async function addConfigured(ctx: RequestContext, request: Request, form: URLSearchParams) {
  const pageId = PageIdSchema.safeParse(form.get("pageId"));
  if (!pageId.success) throw data(null, { status: 400 });
  const locked = Number(form.get("lockedDrawId"));
  const lockedDrawId = Number.isSafeInteger(locked) && locked > 0 ? locked : undefined;
  const details = await ctx.clients.shop.call(getPriceDetails, { params: { pageId: pageId.data } });
  const choice = choiceFromForm(form);
  const answer = (errors: Record<string, string>, formError?: string) =>
    refused({ kind: "classic", pageId: pageId.data, details, lockedDrawId, choice, errors, formError });

  const checked = checkChoice(choice, details, Date.now(), lockedDrawId);
  if (!checked.ok) return answer(checked.errors);
  let ticket: BasketTicket;
  try {
    ({ ticket } = await ctx.clients.shop.call(verifyConfiguredTicket, {
      params: { pageId: pageId.data },
      body: checked.ticket,
    }));
  } catch (error) {
    if (!isRefusal(error)) throw error;
    const { byInput, unmatched } = fieldErrorsByInput(error.fieldErrors);
    // As the page's script does: a locked draw has no input, so its error is the form's.
    if (lockedDrawId !== undefined && byInput.drawId) return answer({}, byInput.drawId);
    const matched = Object.keys(byInput).length > 0;
    return answer(byInput, !matched || unmatched.length > 0 ? error.message : undefined);
  }
  const change = addToServerBasket(request, ctx.services.config, [ticket]);
  if (change.status !== "changed") return answer({}, basket.overLimit);
  return toBasket(ctx, change.setCookie, ticketConfigurator.added);
}

async function addMillionGame(ctx: RequestContext, request: Request, form: URLSearchParams) {
  const quantityText = (form.get("quantity") ?? "").slice(0, 10);
  const answer = async (error: string) => {
    const details = await ctx.clients.shop.call(getPriceDetails, {
      params: { pageId: MILLION_GAME_PAGE_ID },
    });
    return refused({ kind: "millionGame", draw: details.millionGame, answer: { quantityText, error } });
  };
  const quantity = parseQuantity(quantityText, BASKET_UNIT_LIMIT);
  if (quantity === undefined) return answer(millionGame.quantityError(BASKET_UNIT_LIMIT));
  let tickets: BasketTicket[];
  try {
    ({ tickets } = await ctx.clients.shop.call(verifyExternalTickets, {
      body: { tickets: [], millionGame: { quantity } },
    }));
  } catch (error) {
    if (!isRefusal(error)) throw error;
    return answer(Object.values(error.fieldErrors).flat()[0] ?? error.message ?? general.generic);
  }
  const change = addToServerBasket(request, ctx.services.config, tickets);
  if (change.status !== "changed") return answer(basket.overLimit);
  return toBasket(ctx, change.setCookie, millionGame.added);
}

/** The shop API refused the ticket (bad input, a closed draw): the player can change the choice. */
function isRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.status === 400 || error.status === 422);
}

function toBasket(ctx: RequestContext, basketCookie: string, message: string) {
  const headers = new Headers();
  headers.append("Set-Cookie", basketCookie);
  headers.append(
    "Set-Cookie",
    flashCookieHeader(createFlash(message, "success"), { secure: ctx.services.config.secureCookies }),
  );
  return redirect("/winkelmandje", { status: 303, headers });
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": CachePolicy.private });

/** The page itself loads after the layout (decision 16): until then its links and forms work as HTML. */
const View = deferred(() => import("./views/basket-add").then((module) => module.BasketAddPage));

export default function BasketAddPage({ loaderData, actionData }: Route.ComponentProps) {
  return <View loaderData={loaderData} actionData={actionData} />;
}
