import { data, redirect } from "react-router";
import {
  type GiftPreview,
  previewGift,
  type RedeemedGift,
  redeemGiftAsPlayer,
  redeemGiftWithIdin,
} from "@/src/contract/gift-tickets";
import { CachePolicy } from "@/src/lib/cache-policy";
import { general, giftMessages, pages, portal } from "@/src/lib/messages";
import { pageMeta } from "@/src/shop/app/components/page-frame";
import { readFormPost, textField } from "@/src/shop/app/lib/form-post.server";
import { checkFormToken, formToken } from "@/src/shop/app/lib/form-token.server";
import { idinIssuers } from "@/src/shop/app/lib/idin-issuers.server";
import { asPlayer } from "@/src/shop/app/lib/require-player.server";
import { requireValidatedAge } from "@/src/shop/app/lib/require-validated-age.server";
import { portalUrl } from "@/src/shop/app/middleware/registry.server";
import { type RequestContext, requestContext } from "@/src/shop/app/request-context";
import { ApiError } from "@/src/shop/client/api-error";
import { deferred } from "@/src/shop/components/deferred-hydration";
import { GIFT_PAGE_ID } from "@/src/shop/slices/gift-tickets/gift-page";
import type { Route } from "./+types/gift-redeem";

export const meta: Route.MetaFunction = () => [
  ...pageMeta(pages.giftRedeem.title),
  { name: "robots", content: "noindex" },
];

type RedeemAnswer = {
  code: string;
  redeemed?: RedeemedGift;
  error?: string;
  /** The iDIN form's refusal (no bank chosen, a bank that does not offer it). */
  idinError?: string;
};

function codeOf(value: string | null | undefined): string {
  return (value ?? "").trim().slice(0, 20);
}

/** The address key the login comes back with, so the page says the code waits for one click. */
const LOGGED_IN_PARAM = "ingelogd";

/** Who gives what under the code (issue 43); a refused code is said at the field instead. */
async function previewOf(
  ctx: RequestContext,
  code: string,
): Promise<{ preview?: GiftPreview; previewError?: string }> {
  if (!code) return {};
  try {
    const preview = await ctx.clients.shop.call(previewGift, {
      params: { pageId: GIFT_PAGE_ID },
      body: { code },
      page: { pageId: GIFT_PAGE_ID },
    });
    return { preview };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500 || error.status === 0) throw error;
    return { previewError: error.fieldErrors.code?.[0] ?? (error.message || general.generic) };
  }
}

/**
 * `/cadeau/verzilveren?code=ABCD-EFGH` (issue 17), the link of the recipient's e-mail and the block's redeem
 * form. It says first who gives what (issue 43). A logged-in player (whose age the bank confirmed: a ticket plays online) redeems with one button.
 * A visitor chooses: log in and redeem, or redeem without an account through iDIN and complete an account
 * afterwards (`/cadeau/verzilveren/idin`).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const search = new URL(request.url).searchParams;
  const code = codeOf(search.get("code"));
  const player = await ctx.player();
  if (player) await requireValidatedAge(ctx, request);
  // One call after the other: for a visitor without a session the token's call starts one, and calls at
  // the same time would each start their own (the form's token then belongs to the one not kept).
  const issuers = player ? [] : await idinIssuers(ctx);
  const token = await formToken(ctx);
  const preview = await previewOf(ctx, code);
  return {
    code,
    loggedIn: Boolean(player),
    justLoggedIn: Boolean(player) && search.get(LOGGED_IN_PARAM) === "ja",
    issuers,
    token,
    ...preview,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  const form = await readFormPost(request);
  const code = codeOf(textField(form, "code"));
  const intent = textField(form, "intent");
  if (!(await checkFormToken(ctx, form)).valid) {
    return data<RedeemAnswer>({ code, error: portal.formExpired }, { status: 403 });
  }
  if (!code) return data<RedeemAnswer>({ code, error: giftMessages.code }, { status: 422 });
  const player = await ctx.player();
  if (intent === "login" || (!player && intent !== "idin")) {
    const back = `/cadeau/verzilveren?${new URLSearchParams({ code, [LOGGED_IN_PARAM]: "ja" })}`;
    return redirect(portalUrl("inloggen", back, ctx.services.config), { status: 303 });
  }
  try {
    if (intent === "idin") {
      const issuerId = (textField(form, "issuerId") ?? "").slice(0, 40);
      if (!issuerId) return data<RedeemAnswer>({ code, idinError: giftMessages.issuer }, { status: 422 });
      const started = await ctx.clients.shop.call(redeemGiftWithIdin, {
        params: { pageId: GIFT_PAGE_ID },
        body: { code, issuerId },
        page: { pageId: GIFT_PAGE_ID },
      });
      return redirect(started.redirectUrl ?? "/cadeau/verzilveren", { status: 303 });
    }
    await requireValidatedAge(ctx, request);
    const redeemed = await asPlayer(
      ctx,
      request,
      ctx.clients.shop.call(redeemGiftAsPlayer, {
        params: { pageId: GIFT_PAGE_ID },
        body: { code },
        page: { pageId: GIFT_PAGE_ID },
      }),
    );
    return data<RedeemAnswer>({ code, redeemed });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500 || error.status === 0) throw error;
    const issuerError = error.fieldErrors.issuerId?.[0];
    if (issuerError) return data<RedeemAnswer>({ code, idinError: issuerError }, { status: error.status });
    const message = error.fieldErrors.code?.[0] ?? (error.message || general.generic);
    return data<RedeemAnswer>({ code, error: message }, { status: error.status });
  }
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": CachePolicy.private });

/** The page itself loads after the layout (decision 16): until then its form works as HTML. */
const View = deferred(() => import("./views/gift-redeem").then((module) => module.GiftRedeemPage));

export default function GiftRedeemPage({ loaderData, actionData }: Route.ComponentProps) {
  return <View loaderData={loaderData} actionData={actionData} />;
}
