import { data, redirect, redirectDocument } from "react-router";
import { type GiftChoice, getGiftStore, orderGift, putGiftStore } from "@/src/contract/gift-tickets";
import { getPriceDetails, PageIdSchema, type SaleDraw } from "@/src/contract/tickets";
import { GIFT_FRACTIONS, type GiftFraction } from "@/src/domain/gift-tickets/gift-rules";
import { CHECKOUT_PAYMENT_METHODS } from "@/src/domain/payments/payment-method";
import { amsterdamIsoDate } from "@/src/lib/amsterdam-time";
import { CachePolicy } from "@/src/lib/cache-policy";
import { parseDutchDate } from "@/src/lib/dutch-date";
import { takeFlash } from "@/src/lib/flash/flash.server";
import { general, giftMessages, pages, portal } from "@/src/lib/messages";
import { pageMeta } from "@/src/shop/app/components/page-frame";
import { readFormPost, textField } from "@/src/shop/app/lib/form-post.server";
import { checkFormToken, formToken } from "@/src/shop/app/lib/form-token.server";
import { asPlayer } from "@/src/shop/app/lib/require-player.server";
import { requireValidatedAge } from "@/src/shop/app/lib/require-validated-age.server";
import { walletBalance } from "@/src/shop/app/lib/wallet-balance.server";
import { type RequestContext, requestContext } from "@/src/shop/app/request-context";
import { ApiError } from "@/src/shop/client/api-error";
import { deferred } from "@/src/shop/components/deferred-hydration";
import { serverErrorsByInput } from "@/src/shop/components/field-error";
import { isTransactionId } from "@/src/shop/slices/checkout/checkout.server";
import { GIFT_FIELDS, type GiftFormValues } from "@/src/shop/slices/gift-tickets/gift-form";
import { GIFT_EDIT_PARAM, GIFT_PAGE_ID, giftPaymentPath } from "@/src/shop/slices/gift-tickets/gift-page";
import type { Route } from "./+types/gift-give";

export const meta: Route.MetaFunction = () => [
  ...pageMeta(pages.giftPay.title),
  { name: "robots", content: "noindex" },
];

/** The page id of the shop's gift page, for a flow that does not say (spec section 7: page-id flows). */
const DEFAULT_PAGE_ID = GIFT_PAGE_ID;

type GiveAnswer = {
  intent: "give" | "pay";
  values: GiftFormValues;
  errors: Record<string, string>;
  formError?: string;
  draws?: SaleDraw[];
  fractions?: GiftFraction[];
};

/**
 * `/cadeau/geven?cadeau={store id}` (issue 17): the gift kept in the giver's store, to check and pay. It
 * needs a login (the portal comes back here with the store id) and a validated age, as every payment does.
 * A payment that did not go through comes back here with its message (issue 40); with `aanpassen` the
 * gift is shown in its form, filled in, to change.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const query = new URL(request.url).searchParams;
  const storeId = query.get(GIFT_FIELDS.storeId) ?? "";
  // Without a store id this is the block's form coming back refused (a document post runs the loader
  // after the action): nothing to load, no login asked, so the action's answer with the input shows.
  if (!isTransactionId(storeId)) {
    return data({ stored: undefined, storeId, token: "", balanceInCents: undefined, transactionId: "" });
  }
  await requireValidatedAge(ctx, request);
  const stored = await asPlayer(
    ctx,
    request,
    ctx.clients.shop.call(getGiftStore, { params: { id: storeId } }),
  ).catch((error: unknown) => {
    if (error instanceof ApiError && error.status < 500 && error.status !== 0) return undefined;
    throw error;
  });
  const edit = stored && query.has(GIFT_EDIT_PARAM);
  const [token, balanceInCents, details] = await Promise.all([
    formToken(ctx),
    walletBalance(ctx),
    edit ? ctx.clients.shop.call(getPriceDetails, { params: { pageId: stored.pageId } }) : undefined,
  ]);
  // The message of a payment that did not go through is in the HTML, without JavaScript too.
  const taken = takeFlash(request, { secure: ctx.services.config.secureCookies });
  return data(
    {
      stored,
      storeId,
      token,
      balanceInCents,
      transactionId: crypto.randomUUID(),
      flash: taken?.flash,
      ...(details ? { draws: details.draws, fractions: [...GIFT_FRACTIONS] } : {}),
    },
    { status: stored ? 200 : 404, headers: taken ? { "Set-Cookie": taken.clear } : undefined },
  );
}

function choiceOf(form: URLSearchParams, now: Date): { values: GiftFormValues; choice: GiftChoice } {
  const values: GiftFormValues = {
    storeId: textField(form, GIFT_FIELDS.storeId)?.slice(0, 40),
    drawId: textField(form, GIFT_FIELDS.drawId)?.slice(0, 12),
    fraction: textField(form, GIFT_FIELDS.fraction)?.slice(0, 12),
    recipientName: textField(form, GIFT_FIELDS.recipientName)?.slice(0, 200),
    recipientEmail: textField(form, GIFT_FIELDS.recipientEmail)?.slice(0, 300),
    message: (form.get(GIFT_FIELDS.message) ?? "").slice(0, 400),
    sendOn: textField(form, GIFT_FIELDS.sendOn)?.slice(0, 20),
  };
  const fraction = GIFT_FRACTIONS.find((candidate) => candidate === values.fraction);
  return {
    values,
    choice: {
      drawId: Number(values.drawId),
      fraction: fraction ?? ("" as GiftFraction),
      recipientName: values.recipientName ?? "",
      recipientEmail: values.recipientEmail ?? "",
      message: values.message ?? "",
      // An empty date means today (the block is served from the page cache, so it cannot fill in today).
      // A day is typed as dd-mm-jjjj; what cannot be read so goes as typed, for the shop to refuse.
      sendOn: values.sendOn ? (parseDutchDate(values.sendOn) ?? values.sendOn) : amsterdamIsoDate(now),
    },
  };
}

/**
 * Two posts: the block's form (`give`: checked and kept in the store, then on to this page with its id;
 * the login comes in between when needed) and this page's payment (`pay`: the order, then the payment page).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  const form = await readFormPost(request);
  if (form.get("intent") === "pay") return pay(ctx, request, form);
  const pageId = textField(form, GIFT_FIELDS.pageId) ?? DEFAULT_PAGE_ID;
  const { values, choice } = choiceOf(form, new Date());
  const storeId = values.storeId && isTransactionId(values.storeId) ? values.storeId : crypto.randomUUID();
  const refuse = async (status: number, errors: Record<string, string>, formError?: string) => {
    const details = await ctx.clients.shop
      .call(getPriceDetails, {
        params: { pageId: PageIdSchema.safeParse(pageId).success ? pageId : DEFAULT_PAGE_ID },
      })
      .catch(() => undefined);
    return data<GiveAnswer>(
      {
        intent: "give",
        values,
        errors,
        formError,
        draws: details?.draws ?? [],
        fractions: [...GIFT_FRACTIONS],
      },
      { status },
    );
  };
  if (!PageIdSchema.safeParse(pageId).success) return refuse(404, {}, general.generic);
  try {
    await ctx.clients.shop.call(putGiftStore, {
      params: { id: storeId },
      body: { pageId, choice },
      page: { pageId },
    });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500 || error.status === 0) throw error;
    // The shop names a field of the gift by its path in the body (`choice.recipientName`).
    const { byInput, unmatched } = serverErrorsByInput(error.fieldErrors, (key) => {
      const field = key.replace(/^choice\./, "");
      return field in GIFT_FIELDS ? field : undefined;
    });
    const formError =
      unmatched[0] ?? (Object.keys(byInput).length === 0 ? error.message || general.generic : undefined);
    if (byInput.sendOn && values.sendOn && !parseDutchDate(values.sendOn))
      byInput.sendOn = giftMessages.sendOnFormat;
    return refuse(error.status, byInput, formError);
  }
  return redirect(giftPaymentPath(storeId), 303);
}

async function pay(ctx: RequestContext, request: Request, form: URLSearchParams) {
  await requireValidatedAge(ctx, request);
  const storeId = textField(form, GIFT_FIELDS.storeId) ?? "";
  const transactionId = textField(form, "transactionId") ?? "";
  const paymentMethod =
    CHECKOUT_PAYMENT_METHODS.find((method) => method === form.get("paymentMethod")) ?? "ideal";
  const refuse = (status: number, formError: string) =>
    data<GiveAnswer>({ intent: "pay", values: {}, errors: {}, formError }, { status });
  if (!(await checkFormToken(ctx, form)).valid) return refuse(403, portal.formExpired);
  if (!isTransactionId(storeId) || !isTransactionId(transactionId))
    return refuse(404, giftMessages.storeNotFound);
  const orderPageId = textField(form, GIFT_FIELDS.pageId) ?? DEFAULT_PAGE_ID;
  try {
    const started = await asPlayer(
      ctx,
      request,
      ctx.clients.shop.call(orderGift, {
        params: { pageId: orderPageId },
        body: { storeId, transactionId, paymentMethod, issuer: textField(form, "issuer")?.slice(0, 40) },
        page: { pageId: orderPageId },
      }),
    );
    // The payment page is not a page of this app: the browser loads it.
    return redirectDocument(started.redirectUrl, 303);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500 || error.status === 0) throw error;
    const message =
      error.status === 404
        ? giftMessages.storeNotFound
        : (error.fieldErrors.paymentMethod?.[0] ?? error.message);
    return refuse(error.status, message || general.generic);
  }
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => {
  const result = new Headers({ "Cache-Control": CachePolicy.private });
  for (const cookie of loaderHeaders.getSetCookie()) result.append("Set-Cookie", cookie);
  return result;
};

/** The page itself loads after the layout (decision 16): until then its links and forms work as HTML. */
const View = deferred(() => import("./views/gift-give").then((module) => module.GiftGivePage));

export default function GiftGivePage({ loaderData, actionData }: Route.ComponentProps) {
  return <View loaderData={loaderData} actionData={actionData} />;
}
