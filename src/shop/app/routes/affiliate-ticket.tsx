import { randomUUID } from "node:crypto";
import { data, redirect } from "react-router";
import {
  type AffiliateQuote,
  getAffiliateStore,
  orderAffiliate,
  putAffiliateStore,
} from "@/src/contract/affiliate-tickets";
import { continueOrder, type OrderResult, PageIdSchema } from "@/src/contract/tickets";
import { CachePolicy } from "@/src/lib/cache-policy";
import { affiliateMessages, general, portal, affiliatePage as text } from "@/src/lib/messages";
import { pageMeta } from "@/src/shop/app/components/page-frame";
import { readFormPost, textField } from "@/src/shop/app/lib/form-post.server";
import { checkFormToken, formToken } from "@/src/shop/app/lib/form-token.server";
import { partnerNamedBy } from "@/src/shop/app/lib/partner-offers.server";
import { asPlayer } from "@/src/shop/app/lib/require-player.server";
import { requireValidatedAge } from "@/src/shop/app/lib/require-validated-age.server";
import { portalUrl } from "@/src/shop/app/middleware/registry.server";
import { type RequestContext, requestContext } from "@/src/shop/app/request-context";
import type { PageHeaders } from "@/src/shop/client/api-caller";
import { ApiError } from "@/src/shop/client/api-error";
import { deferred } from "@/src/shop/components/deferred-hydration";
import { isTransactionId } from "@/src/shop/slices/checkout/checkout.server";
import type { Route } from "./+types/affiliate-ticket";

export const meta: Route.MetaFunction = () => [
  ...pageMeta(text.title),
  { name: "robots", content: "noindex" },
];

type Offer = {
  storeId: string;
  quote: AffiliateQuote;
  loggedIn: boolean;
  login: string;
  register: string;
  transactionId: string;
  token: string;
  order?: OrderResult;
};
type LoaderAnswer = { offer?: Offer; error?: string };
type ActionAnswer = { error: string };

/**
 * The partner the page's calls name (`Cms-Affiliate-Host`), as the CMS page decided whether to offer it:
 * on a partner's white-label host that host; elsewhere the partner code the block passed on.
 */
function pageHeaders(ctx: RequestContext, request: Request, pageId: string, code?: string): PageHeaders {
  const affiliateHost = partnerNamedBy(ctx, new URL(request.url), code);
  return { pageId, ...(affiliateHost ? { affiliateHost } : {}) };
}

function storeIdOf(request: Request): string | undefined {
  const id = new URL(request.url).searchParams.get("lot") ?? "";
  return /^[0-9a-f-]{36}$/.test(id) ? id : undefined;
}

/** The Dutch reason of a refused call: the first field message, or the catalogue's text of its code. */
function reasonOf(error: ApiError): string {
  return Object.values(error.fieldErrors)[0]?.[0] ?? (error.message || general.generic);
}

function refusal(error: unknown): ApiError | undefined {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 ? error : undefined;
}

/**
 * `/partnerlot?lot={id}` (issue 17): a partner's offer kept for this visitor (the block's form made it).
 * A visitor logs in or registers through the portal and comes back here; a player (age confirmed) gets the
 * free ticket at once or pays the partner price. After the payment (`&bestelling={transactionId}`) the
 * order's tickets are shown.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const storeId = storeIdOf(request);
  if (!storeId) return data<LoaderAnswer>({ error: affiliateMessages.storeNotFound }, { status: 404 });
  const player = await ctx.player();
  let stored: { pageId: string; quote: AffiliateQuote };
  try {
    stored = await ctx.clients.shop.call(getAffiliateStore, { params: { id: storeId } });
  } catch (error) {
    const refused = refusal(error);
    if (!refused) throw error;
    return data<LoaderAnswer>({ error: reasonOf(refused) }, { status: refused.status });
  }
  const url = new URL(request.url);
  const here = `/partnerlot?${new URLSearchParams({ lot: storeId })}`;
  const transactionId = url.searchParams.get("bestelling") ?? "";
  let order: OrderResult | undefined;
  if (player && isTransactionId(transactionId)) {
    order = await asPlayer(
      ctx,
      request,
      ctx.clients.shop.call(continueOrder, { params: { pageId: stored.pageId }, body: { transactionId } }),
    ).catch((error: unknown) => {
      if (refusal(error)) return undefined;
      throw error;
    });
  }
  return data<LoaderAnswer>({
    offer: {
      storeId,
      quote: stored.quote,
      loggedIn: Boolean(player),
      login: portalUrl("inloggen", here, ctx.services.config),
      register: portalUrl("aanmelden", here, ctx.services.config),
      transactionId: randomUUID(),
      token: await formToken(ctx),
      order,
    },
  });
}

/** The block's form (`intent=start`): keeps the flow and shows it; the claim (`intent=claim`): orders it. */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  const form = await readFormPost(request);
  const intent = textField(form, "intent");
  if (intent === "start") {
    const pageId = PageIdSchema.safeParse(textField(form, "pageId"));
    if (!pageId.success)
      return data<ActionAnswer>({ error: affiliateMessages.storeNotFound }, { status: 400 });
    const code = textField(form, "partner");
    const id = randomUUID();
    try {
      await ctx.clients.shop.call(putAffiliateStore, {
        params: { id },
        body: { pageId: pageId.data },
        page: pageHeaders(ctx, request, pageId.data, code),
      });
    } catch (error) {
      const refused = refusal(error);
      if (!refused) throw error;
      return data<ActionAnswer>({ error: reasonOf(refused) }, { status: refused.status });
    }
    return redirect(`/partnerlot?${new URLSearchParams({ lot: id })}`, { status: 303 });
  }

  const storeId = storeIdOf(request) ?? "";
  if (!(await checkFormToken(ctx, form)).valid) {
    return data<ActionAnswer>({ error: portal.formExpired }, { status: 403 });
  }
  await requireValidatedAge(ctx, request);
  const pageId = PageIdSchema.safeParse(textField(form, "pageId"));
  const transactionId = textField(form, "transactionId") ?? "";
  if (!pageId.success || !storeId || !isTransactionId(transactionId)) {
    return data<ActionAnswer>({ error: affiliateMessages.storeNotFound }, { status: 400 });
  }
  try {
    const started = await asPlayer(
      ctx,
      request,
      ctx.clients.shop.call(orderAffiliate, {
        params: { pageId: pageId.data },
        body: { storeId, transactionId, paymentMethod: "ideal" },
        page: pageHeaders(ctx, request, pageId.data),
      }),
    );
    return redirect(started.redirectUrl, { status: 303 });
  } catch (error) {
    const refused = refusal(error);
    if (!refused) throw error;
    return data<ActionAnswer>({ error: reasonOf(refused) }, { status: refused.status });
  }
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": CachePolicy.private });

/** The page itself loads after the layout (decision 16): until then its links and forms work as HTML. */
const View = deferred(() => import("./views/affiliate-ticket").then((module) => module.AffiliateTicketPage));

export default function AffiliateTicketPage({ loaderData, actionData }: Route.ComponentProps) {
  return <View loaderData={loaderData} actionData={actionData} />;
}
