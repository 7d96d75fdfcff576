import { data, redirect } from "react-router";
import { linkRetailTicket } from "@/src/contract/results";
import { CachePolicy } from "@/src/lib/cache-policy";
import { createFlash } from "@/src/lib/flash/flash";
import { flashCookieHeader } from "@/src/lib/flash/flash.server";
import { general, myTickets, portal, ticketChecker } from "@/src/lib/messages";
import { pageMeta } from "@/src/shop/app/components/page-frame";
import { readFormPost } from "@/src/shop/app/lib/form-post.server";
import { checkFormToken, formToken } from "@/src/shop/app/lib/form-token.server";
import { asPlayer, requirePlayer } from "@/src/shop/app/lib/require-player.server";
import { requestContext } from "@/src/shop/app/request-context";
import { ApiError } from "@/src/shop/client/api-error";
import { deferred } from "@/src/shop/components/deferred-hydration";
import {
  barcodeError,
  type RetailAnswer,
} from "@/src/shop/slices/results/ticket-checker/retail-ticket-entry";
import type { Route } from "./+types/account-retail-ticket";

export const meta: Route.MetaFunction = () => [
  ...pageMeta(myTickets.addRetailTicket),
  { name: "robots", content: "noindex" },
];

/** Behind `auth` (`/mijn/**`); the page itself is the barcode entry, with this browser's token. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  await requirePlayer(ctx, request);
  return { token: await formToken(ctx) };
}

/**
 * A shop-bought ticket linked by its barcode without JavaScript (the barcode entry posts here; with
 * JavaScript it calls the shop API itself): 303 to Mijn loten with the confirmation, or the entry again
 * with the Dutch reason and the barcode as typed.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  await requirePlayer(ctx, request);
  const form = await readFormPost(request);
  const barcode = (form.get("barcode") ?? "").slice(0, 40);
  const refused = (error: string, status = 422) => data<RetailAnswer>({ barcode, error }, { status });
  if (!(await checkFormToken(ctx, form)).valid) {
    ctx.log.warn({ event: "retail_ticket_form_refused" }, "barcode form without a valid anti-forgery token");
    return refused(portal.formExpired, 403);
  }
  const compact = barcode.replace(/\s+/g, "");
  const invalid = barcodeError(compact);
  if (invalid) return refused(invalid);
  try {
    await asPlayer(ctx, request, ctx.clients.shop.call(linkRetailTicket, { body: { barcode: compact } }));
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500 || error.status === 0) throw error;
    return refused(error.fieldErrors.barcode?.[0] ?? (error.message || general.generic));
  }
  const flash = createFlash(ticketChecker.barcodeAdded, "success");
  return redirect("/mijn/loten", {
    status: 303,
    headers: { "Set-Cookie": flashCookieHeader(flash, { secure: ctx.services.config.secureCookies }) },
  });
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": CachePolicy.private });

/** The page itself loads after the layout (decision 16): until then its links and forms work as HTML. */
const View = deferred(() =>
  import("./views/account-retail-ticket").then((module) => module.AccountRetailTicketPage),
);

export default function AccountRetailTicketPage({ loaderData, actionData }: Route.ComponentProps) {
  return <View loaderData={loaderData} actionData={actionData} />;
}
