import { data, redirect } from "react-router";
import {
  type ActivatedOffer,
  activateActionCode,
  getActionOffer,
  placeActionOffer,
} from "@/src/contract/action-codes";
import { PageIdSchema } from "@/src/contract/tickets";
import { CachePolicy } from "@/src/lib/cache-policy";
import { general, shopCodes, actionPage as text } from "@/src/lib/messages";
import { pageMeta } from "@/src/shop/app/components/page-frame";
import { readFormPost, textField } from "@/src/shop/app/lib/form-post.server";
import { asPlayer } from "@/src/shop/app/lib/require-player.server";
import { portalUrl } from "@/src/shop/app/middleware/registry.server";
import { type RequestContext, requestContext } from "@/src/shop/app/request-context";
import { ApiError } from "@/src/shop/client/api-error";
import { deferred } from "@/src/shop/components/deferred-hydration";
import { actionOfferPath } from "@/src/shop/slices/action-codes/action-code-form";
import {
  forgetPendingCode,
  pendingCode,
  postedFromThisSite,
  rememberPendingCode,
} from "@/src/shop/slices/action-codes/pending-code.server";
import type { Route } from "./+types/action-offer";

export const meta: Route.MetaFunction = () => [
  ...pageMeta(text.title),
  { name: "robots", content: "noindex" },
];

type OfferPage = {
  pageId?: string;
  loggedIn: boolean;
  offer?: ActivatedOffer;
  /** `NoActivatedActionFoundError`: the message, and the action page where a code is entered. */
  noOffer?: { message: string; actionPagePath?: string };
  justActivated?: boolean;
  code?: string;
  /** Why the code sent before logging in was refused, once the player is back. */
  codeError?: string;
  notFound?: string;
};

type Answer = { code: string; error: string; recaptchaRequired: boolean };

function codeOf(value: string | null | undefined): string {
  return (value ?? "").trim().slice(0, 20);
}

/**
 * `/actie/aanbod?pagina={pageId}` (issue 18): the offer the player's action code unlocked on a campaign's
 * page, to put in the basket or take out; without an activated code, `NoActivatedActionFoundError` with the
 * way to the action page, and the code form. The block's form posts here.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const url = new URL(request.url);
  const pageId = PageIdSchema.safeParse(url.searchParams.get("pagina"));
  if (!pageId.success)
    return data<OfferPage>({ loggedIn: false, notFound: shopCodes.ActionNotFoundError }, 404);
  const code = codeOf(url.searchParams.get("code"));
  const player = await ctx.player();
  if (!player) return data<OfferPage>({ pageId: pageId.data, loggedIn: false, code });
  // Back from the login with the code this browser sent before it: activated now, as the post asked.
  const pending = pendingCode(request, pageId.data);
  if (pending) return activatePendingCode(ctx, request, pageId.data, pending);
  try {
    const offer = await asPlayer(
      ctx,
      request,
      ctx.clients.shop.call(getActionOffer, { params: { pageId: pageId.data } }),
    );
    return data<OfferPage>({
      pageId: pageId.data,
      loggedIn: true,
      offer,
      justActivated: url.searchParams.has("geactiveerd"),
    });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 404) throw error;
    if (error.code !== "NoActivatedActionFoundError") {
      return data<OfferPage>({ loggedIn: true, notFound: shopCodes.ActionNotFoundError }, 404);
    }
    const noOffer = { message: error.message, actionPagePath: error.fieldErrors.actionPagePath?.[0] };
    return data<OfferPage>({ pageId: pageId.data, loggedIn: true, noOffer, code });
  }
}

/**
 * Activates the code a visitor sent before logging in (issue 40 item 6): on success the offer with its
 * "geactiveerd" message; a refusal shows the form with the code and the Dutch reason. Either way the
 * pending code is forgotten.
 */
async function activatePendingCode(ctx: RequestContext, request: Request, pageId: string, code: string) {
  const forget = { "Set-Cookie": forgetPendingCode(ctx.services.config.secureCookies) };
  try {
    await asPlayer(
      ctx,
      request,
      ctx.clients.shop.call(activateActionCode, {
        params: { pageId },
        body: { actionCode: code },
        page: { pageId },
      }),
    );
    return redirect(`${actionOfferPath(pageId)}&geactiveerd=1`, { status: 303, headers: forget });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500 || error.status === 0) throw error;
    const codeError = error.fieldErrors.actionCode?.[0] ?? (error.message || general.generic);
    return data<OfferPage>({ pageId, loggedIn: true, code, codeError }, { headers: forget });
  }
}

/**
 * Activating a code (the block's and this page's form), and putting the offer in the basket or taking it
 * out. A visitor logs in first and comes back here with the code filled in. A refusal shows the form again
 * with the code typed and the Dutch reason; after a few wrong codes the answer asks for the reCAPTCHA.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  const url = new URL(request.url);
  const pageId = PageIdSchema.safeParse(url.searchParams.get("pagina"));
  const form = await readFormPost(request);
  const code = codeOf(textField(form, "actionCode"));
  if (!pageId.success) {
    return data<Answer>({ code, error: shopCodes.ActionNotFoundError, recaptchaRequired: false }, 404);
  }
  const here = actionOfferPath(pageId.data);
  const player = await ctx.player();
  if (!player) {
    const back = `${here}&${new URLSearchParams({ code })}`;
    // Only the shop's own form leaves the code to be activated after the login; from elsewhere the page
    // just shows it again, to be sent by the player.
    const headers: HeadersInit = postedFromThisSite(request)
      ? { "Set-Cookie": rememberPendingCode(pageId.data, code, ctx.services.config.secureCookies) }
      : {};
    return redirect(portalUrl("inloggen", back, ctx.services.config), { status: 303, headers });
  }
  const intent = textField(form, "intent");
  try {
    if (intent === "add" || intent === "remove") {
      await asPlayer(
        ctx,
        request,
        ctx.clients.shop.call(placeActionOffer, {
          params: { pageId: pageId.data },
          body: { inBasket: intent === "add" },
        }),
      );
      return redirect(here, 303);
    }
    await asPlayer(
      ctx,
      request,
      ctx.clients.shop.call(activateActionCode, {
        params: { pageId: pageId.data },
        body: { actionCode: code, gRecaptchaResponse: textField(form, "gRecaptchaResponse") || undefined },
        page: { pageId: pageId.data },
      }),
    );
    return redirect(`${here}&geactiveerd=1`, 303);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500 || error.status === 0) throw error;
    const message = error.fieldErrors.actionCode?.[0] ?? (error.message || general.generic);
    return data<Answer>(
      { code, error: message, recaptchaRequired: error.recaptchaRequired },
      { status: error.status },
    );
  }
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": CachePolicy.private });

/** The page itself loads after the layout (decision 16): until then its links and forms work as HTML. */
const View = deferred(() => import("./views/action-offer").then((module) => module.ActionOfferPage));

export default function ActionOfferPage({ loaderData, actionData }: Route.ComponentProps) {
  return <View loaderData={loaderData} actionData={actionData} />;
}
