import { data, redirectDocument } from "react-router";
import {
  depositCreditCard,
  depositIdeal,
  getDeposit,
  getWallet,
  setDepositLimit,
  withdraw,
} from "@/src/contract/wallet";
import { euroAmountInput, parseEuroAmount } from "@/src/domain/wallet/wallet-rules";
import { CachePolicy } from "@/src/lib/cache-policy";
import { takeFlash } from "@/src/lib/flash/flash.server";
import { general, portal, walletPage as text, walletMessages } from "@/src/lib/messages";
import { pageMeta } from "@/src/shop/app/components/page-frame";
import { readFormPost, textField } from "@/src/shop/app/lib/form-post.server";
import { checkFormToken, formToken } from "@/src/shop/app/lib/form-token.server";
import { asPlayer, requirePlayer } from "@/src/shop/app/lib/require-player.server";
import { type RequestContext, requestContext } from "@/src/shop/app/request-context";
import { ApiError } from "@/src/shop/client/api-error";
import { deferred } from "@/src/shop/components/deferred-hydration";
import { serverErrorsByInput } from "@/src/shop/components/field-error";
import { isTransactionId } from "@/src/shop/slices/checkout/checkout.server";
import { depositToRetry } from "@/src/shop/slices/wallet/deposit-retry";
import { WALLET_FIELDS, type WalletAnswer, type WalletIntent } from "@/src/shop/slices/wallet/wallet-panel";
import type { Route } from "./+types/account-wallet";

export const meta: Route.MetaFunction = () => [
  ...pageMeta(text.title),
  { name: "robots", content: "noindex" },
];

/**
 * `/mijn/saldo` (behind `auth`; issue 16, item 3): the wallet, read through the portal client. Back from a
 * deposit that did not go through (`?storting=`, issue 40), the deposit form has its amount again and the
 * page the reason.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const player = await requirePlayer(ctx, request);
  const [wallet, token, retry] = await Promise.all([
    asPlayer(ctx, request, ctx.clients.portal.call(getWallet)),
    formToken(ctx),
    depositAgain(ctx, request),
  ]);
  const taken = takeFlash(request, { secure: ctx.services.config.secureCookies });
  return data(
    {
      wallet,
      validated: player.validationState === "Validated",
      token,
      transactionIds: freshTransactionIds(),
      retry,
      flash: taken?.flash,
    },
    { headers: taken ? { "Set-Cookie": taken.clear } : undefined },
  );
}

/**
 * The deposit form as the player left it, for a deposit of theirs that did not go through (its amount from
 * the portal, not from the address); undefined for any other, or when the portal cannot say.
 */
async function depositAgain(ctx: RequestContext, request: Request): Promise<WalletAnswer | undefined> {
  const transactionId = depositToRetry(new URL(request.url));
  if (!transactionId) return undefined;
  const deposit = await asPlayer(
    ctx,
    request,
    ctx.clients.portal.call(getDeposit, { params: { transactionId } }),
  ).catch((error: unknown) => {
    if (error instanceof ApiError && error.status < 500 && error.status !== 401) return undefined;
    throw error;
  });
  if (!deposit || deposit.status === "paid" || deposit.status === "pending") return undefined;
  return { intent: "deposit", errors: {}, values: { amount: euroAmountInput(deposit.amountInCents) } };
}

/** New ids for the page's deposit and withdrawal forms: one deposit or withdrawal each, however often sent. */
function freshTransactionIds() {
  return { deposit: crypto.randomUUID(), withdraw: crypto.randomUUID() };
}

/** The wallet's words for the codes the catalogue words for orders (spec section 8 leaves these to us). */
const CODE_TEXTS: Record<string, string> = {
  TransactionRolledbackError: text.notStarted,
  TransactionAlreadyProcessedError: text.alreadyDone,
};

const INTENTS: readonly WalletIntent[] = ["deposit", "withdraw", "limit"];

/**
 * The page's three forms (plain posts, with or without JavaScript): a deposit goes on to the payment page,
 * a withdrawal and a new limit answer what they did; a refusal shows the Dutch reason at its field.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  await requirePlayer(ctx, request);
  const form = await readFormPost(request);
  const intent = INTENTS.find((candidate) => candidate === form.get(WALLET_FIELDS.intent)) ?? "deposit";
  const values = {
    amount: textField(form, WALLET_FIELDS.amount)?.slice(0, 40),
    method: textField(form, WALLET_FIELDS.method) === "creditcard" ? "creditcard" : "ideal",
    issuer: textField(form, WALLET_FIELDS.issuer)?.slice(0, 40),
    iban: textField(form, WALLET_FIELDS.iban)?.slice(0, 64),
  };
  const answer = (status: number, rest: Partial<WalletAnswer>) =>
    data<WalletAnswer>(
      { intent, errors: {}, values, transactionIds: freshTransactionIds(), ...rest },
      { status },
    );
  if (!(await checkFormToken(ctx, form)).valid) {
    ctx.log.warn({ event: "wallet_form_refused" }, "wallet form without a valid anti-forgery token");
    return answer(403, { formError: portal.formExpired });
  }
  const cents = parseEuroAmount(values.amount ?? "");
  if (cents === undefined || cents === 0) return answer(422, { errors: { amount: walletMessages.amount } });
  const transactionId = textField(form, WALLET_FIELDS.transactionId) ?? "";
  if (intent !== "limit" && !isTransactionId(transactionId))
    return answer(403, { formError: portal.formExpired });

  try {
    if (intent === "deposit") {
      const body = { transactionId, amountInCents: cents };
      const started = await asPlayer(
        ctx,
        request,
        values.method === "creditcard"
          ? ctx.clients.portal.call(depositCreditCard, { body })
          : ctx.clients.portal.call(depositIdeal, { body: { ...body, issuer: values.issuer || undefined } }),
      );
      // The payment page is not a page of this app: the browser loads it.
      return redirectDocument(started.redirectUrl, 303);
    }
    if (intent === "withdraw") {
      const done = await asPlayer(
        ctx,
        request,
        ctx.clients.portal.call(withdraw, {
          body: {
            transactionId,
            amountInCents: cents,
            iban: values.iban || undefined,
            useMandateIban: form.get(WALLET_FIELDS.useMandate) === "ja",
          },
        }),
      );
      return answer(200, { notice: text.withdrawn(done.amountInCents, done.iban), values: {} });
    }
    const limit = await asPlayer(
      ctx,
      request,
      ctx.clients.portal.call(setDepositLimit, { body: { monthlyLimitInCents: cents } }),
    );
    return answer(200, { notice: limit.pending ? text.limitRaised : text.limitLowered, values: {} });
  } catch (error) {
    return refusal(ctx, error, answer);
  }
}

/** A refusal of the portal as the form shows it: each message at its field, the rest above the form. */
function refusal(
  ctx: RequestContext,
  error: unknown,
  answer: (status: number, rest: Partial<WalletAnswer>) => ReturnType<typeof data<WalletAnswer>>,
) {
  if (!(error instanceof ApiError) || error.status >= 500 || error.status === 0) throw error;
  const { byInput, unmatched } = serverErrorsByInput(error.fieldErrors, (key) => {
    if (key === "amountInCents" || key === "monthlyLimitInCents") return WALLET_FIELDS.amount;
    if (key === "iban") return WALLET_FIELDS.iban;
    return undefined;
  });
  ctx.log.info(
    { event: "wallet_form_refused", code: error.code, status: error.status },
    "wallet form refused",
  );
  const message = (error.code && CODE_TEXTS[error.code]) || error.message || general.generic;
  const formError = unmatched[0] ?? (Object.keys(byInput).length === 0 ? message : undefined);
  return answer(error.status, { errors: byInput, formError });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => {
  const result = new Headers({ "Cache-Control": CachePolicy.private });
  for (const cookie of loaderHeaders.getSetCookie()) result.append("Set-Cookie", cookie);
  return result;
};

/** The page itself loads after the layout (decision 16): until then its links and forms work as HTML. */
const View = deferred(() => import("./views/account-wallet").then((module) => module.AccountWalletPage));

export default function AccountWalletPage({ loaderData, actionData }: Route.ComponentProps) {
  return <View loaderData={loaderData} actionData={actionData} />;
}
