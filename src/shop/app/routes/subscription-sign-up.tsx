import { data, redirect } from "react-router";
import { getActionOffer } from "@/src/contract/action-codes";
import {
  getSubscriptionPriceDetails,
  type SubscriptionChoice,
  type SubscriptionPriceDetails,
  type SubscriptionQuote,
  takeOutSubscription,
  verifySubscription,
} from "@/src/contract/subscriptions";
import { PageIdSchema } from "@/src/contract/tickets";
import { CachePolicy } from "@/src/lib/cache-policy";
import { takeFlash } from "@/src/lib/flash/flash.server";
import {
  actionMessages,
  general,
  portal,
  subscriptionMessages,
  subscriptionSignUp as text,
} from "@/src/lib/messages";
import { pageMeta } from "@/src/shop/app/components/page-frame";
import { readFormPost } from "@/src/shop/app/lib/form-post.server";
import { checkFormToken, formToken } from "@/src/shop/app/lib/form-token.server";
import { asPlayer } from "@/src/shop/app/lib/require-player.server";
import { requireValidatedAge } from "@/src/shop/app/lib/require-validated-age.server";
import { type RequestContext, requestContext } from "@/src/shop/app/request-context";
import { ApiError } from "@/src/shop/client/api-error";
import { deferred } from "@/src/shop/components/deferred-hydration";
import { serverErrorsByInput } from "@/src/shop/components/field-error";
import {
  CHOICE_STEP_PARAM,
  type ChoiceForm,
  checkChoice,
  choiceFormFromQuery,
  choiceQuery,
  errorsByInput,
  formPageFrom,
  formPageLink,
  SIGN_UP_PATH,
} from "@/src/shop/slices/subscriptions/choice-form";
import type { SignUpAnswer } from "@/src/shop/slices/subscriptions/sign-up-form";
import {
  accountErrors,
  endSignUpCookie,
  newSignUpTransaction,
  signUpFieldsFromPost,
  signUpTransaction,
} from "@/src/shop/slices/subscriptions/sign-up-step.server";
import type { Route } from "./+types/subscription-sign-up";

export const meta: Route.MetaFunction = () => [
  ...pageMeta(text.title),
  { name: "robots", content: "noindex" },
];

/** The sign-up form's own fields: a refusal of the API at one of these is shown at it. */
const SIGN_UP_FIELDS = ["iban", "accountHolder", "mandateAccepted", "issuer"];

type Offer = { pageId: string; details: SubscriptionPriceDetails; form: ChoiceForm; formPage: string };
/** A campaign's trial the form cannot take out: why, and the campaign's page. */
type TrialRefused = { trialRefused: { message: string; actionPagePath?: string } };

/**
 * The page's offer and the choice in the query string; undefined for a page id the shop does not sell. A
 * choice that names a campaign (`actie`, issue 18) is the logged-in player's trial: its promotion replaces
 * the page's, or the page says why it cannot (no activated code, ended, another form).
 */
async function offerOf(
  ctx: RequestContext,
  request: Request,
  query: URLSearchParams,
): Promise<Offer | TrialRefused | undefined> {
  const pageId = PageIdSchema.safeParse(query.get("pageId"));
  if (!pageId.success) return undefined;
  let details: SubscriptionPriceDetails;
  try {
    details = await ctx.clients.shop.call(getSubscriptionPriceDetails, {
      params: { pageId: pageId.data },
    });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return undefined;
    throw error;
  }
  const { actionPageId } = choiceFormFromQuery(query, details);
  if (actionPageId) {
    const trial = await trialPromotionOf(ctx, request, actionPageId, pageId.data);
    if ("trialRefused" in trial) return trial;
    details = { ...details, promotion: trial.promotion };
  }
  return {
    pageId: pageId.data,
    details,
    form: choiceFormFromQuery(query, details),
    formPage: formPageFrom(query),
  };
}

/** The player's trial of a campaign for this form (a login, and an adult's, first). */
async function trialPromotionOf(
  ctx: RequestContext,
  request: Request,
  actionPageId: string,
  pageId: string,
): Promise<{ promotion: SubscriptionPriceDetails["promotion"] } | TrialRefused> {
  await requireValidatedAge(ctx, request);
  try {
    const offer = await asPlayer(
      ctx,
      request,
      ctx.clients.shop.call(getActionOffer, { params: { pageId: actionPageId } }),
    );
    if (offer.subscription?.pageId !== pageId) {
      return {
        trialRefused: { message: actionMessages.otherSubscriptionForm, actionPagePath: offer.actionPagePath },
      };
    }
    return { promotion: offer.subscription.promotion };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500 || error.status === 0) throw error;
    const message = error.fieldErrors.actionCode?.[0] ?? (error.message || general.generic);
    return { trialRefused: { message, actionPagePath: error.fieldErrors.actionPagePath?.[0] } };
  }
}

/** The choice's query string as the form writes it: the same choice always has the same text. */
function canonicalQuery(offer: Offer): string {
  return choiceQuery(offer.form, { pageId: offer.pageId, formPage: offer.formPage }).toString();
}

/**
 * `/abonnement/afsluiten?pageId=...&productType=...`: the choice the form block sent. A choice the form's
 * rules refuse shows the form again with its messages (no login needed for that). A valid one needs a
 * logged-in player (the portal brings them back here with the whole query, so every choice is kept); the
 * shop verifies it, and the page shows the quote with the account, the mandate and the first payment. A
 * player whose age the bank has not confirmed goes through iDIN first and comes back here (issue 16).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const query = new URL(request.url).searchParams;
  const offer = await offerOf(ctx, request, query);
  if (!offer) return data({ step: "unknownPage" as const }, { status: 404 });
  if ("trialRefused" in offer) return data({ step: "trialRefused" as const, ...offer.trialRefused }, 409);
  const { pageId, details, form, formPage } = offer;
  const fix = (errors: Record<string, string>, formError?: string, choosing = false) =>
    ({ step: "fix" as const, pageId, details, form, formPage, errors, formError, choosing }) as const;

  // A trial's way to its form: the choice shown to make or change, without messages.
  if (query.get(CHOICE_STEP_PARAM) === "keuze") return fix({}, undefined, true);
  const checked = checkChoice(form, details);
  if (!checked.ok) return fix(checked.errors);
  const player = await requireValidatedAge(ctx, request);
  // The sign-up's id, so the quote names the mandate the player signs.
  const transaction = signUpTransaction(request, canonicalQuery(offer), ctx.services.config.secureCookies);
  let quote: SubscriptionQuote;
  try {
    quote = await asPlayer(
      ctx,
      request,
      ctx.clients.shop.call(verifySubscription, {
        params: { pageId },
        body: { ...checked.choice, transactionId: transaction.id },
      }),
    );
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 422) throw error;
    const { byInput, unmatched } = errorsByInput(error.fieldErrors);
    return fix(byInput, unmatched[0] ?? (Object.keys(byInput).length === 0 ? error.message : undefined));
  }
  const headers = new Headers();
  if (transaction.setCookie) headers.append("Set-Cookie", transaction.setCookie);
  // The confirmation of the bank's return (iDIN) is in the HTML, without JavaScript too.
  const taken = takeFlash(request, { secure: ctx.services.config.secureCookies });
  if (taken) headers.append("Set-Cookie", taken.clear);
  return data(
    {
      step: "signUp" as const,
      flash: taken?.flash,
      quote,
      changeLink: form.actionPageId
        ? `${SIGN_UP_PATH}?${canonicalQuery(offer)}&${CHOICE_STEP_PARAM}=keuze`
        : formPageLink(new URLSearchParams(canonicalQuery(offer))),
      prefill: { iban: player.iban ?? "", accountHolder: player.fullName },
      profileIban: player.iban,
      today: new Date().toISOString(),
      token: await formToken(ctx),
    },
    { headers },
  );
}

/**
 * Taking out the subscription (a plain form post, with or without JavaScript): the choice from the page's
 * query string, the account and the mandate from the form, under this browser's transaction id for the
 * choice; 303 to the payment page. A refusal shows the page again with the messages at the fields and
 * every value kept.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  const player = await requireValidatedAge(ctx, request);
  const secure = ctx.services.config.secureCookies;
  const post = await readFormPost(request);
  const values = signUpFieldsFromPost(post);
  const refuse = (status: number, answer: Omit<SignUpAnswer, "values">, headers?: Headers) =>
    data<SignUpAnswer>({ values, ...answer }, { status, headers });

  if (!(await checkFormToken(ctx, post)).valid) {
    ctx.log.warn({ event: "subscription_form_refused" }, "sign-up form without a valid anti-forgery token");
    return refuse(403, { errors: {}, formError: portal.formExpired });
  }
  const offer = await offerOf(ctx, request, new URL(request.url).searchParams);
  if (!offer) return refuse(404, { errors: {}, formError: subscriptionMessages.unknownPage });
  if ("trialRefused" in offer) return refuse(409, { errors: {}, formError: offer.trialRefused.message });
  const checked = checkChoice(offer.form, offer.details);
  // The page showed a valid choice; a changed address is sent back to the form by the loader.
  if (!checked.ok) return refuse(422, { errors: {}, formError: text.formError });
  if (!values.mandateAccepted) {
    const errors = { ...accountErrors(values, player.iban), mandateAccepted: subscriptionMessages.mandate };
    return refuse(422, { errors });
  }

  const transaction = signUpTransaction(request, canonicalQuery(offer), secure);
  const headers = new Headers();
  if (transaction.setCookie) headers.append("Set-Cookie", transaction.setCookie);
  try {
    const started = await asPlayer(
      ctx,
      request,
      ctx.clients.shop.call(takeOutSubscription, {
        params: { pageId: offer.pageId },
        body: {
          ...checked.choice,
          transactionId: transaction.id,
          iban: values.iban,
          accountHolder: values.accountHolder,
          mandateAccepted: true,
          issuer: values.issuer || undefined,
        },
      }),
    );
    return redirect(started.redirectUrl, { status: 303, headers });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500 || error.status === 0) throw error;
    if (error.status === 409) {
      // This id is used up (paid already, or rolled back): the next try starts a new sign-up. One rolled back
      // gets its new id now, so the page shows the mandate the next try signs (issue 40).
      const restart =
        error.code === "TransactionRolledbackError"
          ? await restartSignUp(ctx, request, offer, checked.choice)
          : undefined;
      headers.append("Set-Cookie", restart?.setCookie ?? endSignUpCookie(secure));
      return refuse(
        409,
        {
          errors: {},
          formError:
            error.code === "TransactionAlreadyProcessedError"
              ? text.alreadyProcessedMessage
              : error.code === "TransactionRolledbackError"
                ? text.rolledBackMessage
                : error.message || general.generic,
          alreadyProcessed: error.code === "TransactionAlreadyProcessedError",
          ...(restart ? { mandateId: restart.mandateId } : {}),
        },
        headers,
      );
    }
    const { byInput: errors, unmatched } = serverErrorsByInput(error.fieldErrors, (field) =>
      SIGN_UP_FIELDS.includes(field) ? field : undefined,
    );
    const formError =
      unmatched[0] ?? (Object.keys(errors).length === 0 ? error.message || general.generic : undefined);
    return refuse(error.status, { errors, formError }, headers);
  }
}

/** A new sign-up id for the choice after one ended unpaid, and the mandate id the shop API gives it. */
async function restartSignUp(
  ctx: RequestContext,
  request: Request,
  offer: Offer,
  choice: SubscriptionChoice,
): Promise<{ setCookie: string; mandateId: string | null }> {
  const transaction = newSignUpTransaction(canonicalQuery(offer), ctx.services.config.secureCookies);
  const quote = await asPlayer(
    ctx,
    request,
    ctx.clients.shop.call(verifySubscription, {
      params: { pageId: offer.pageId },
      body: { ...choice, transactionId: transaction.id },
    }),
  );
  return { setCookie: transaction.setCookie, mandateId: quote.mandateId };
}

export const headers: Route.HeadersFunction = ({ loaderHeaders, actionHeaders }) => {
  const result = new Headers({ "Cache-Control": CachePolicy.private });
  // The action's cookies come last: a sign-up it ended must not be kept by the loader's.
  for (const cookie of [...loaderHeaders.getSetCookie(), ...actionHeaders.getSetCookie()])
    result.append("Set-Cookie", cookie);
  return result;
};

/** The page itself loads after the layout (decision 16): until then its links and forms work as HTML. */
const View = deferred(() =>
  import("./views/subscription-sign-up").then((module) => module.SubscriptionSignUpPage),
);

export default function SubscriptionSignUpPage({ loaderData, actionData }: Route.ComponentProps) {
  return <View loaderData={loaderData} actionData={actionData} />;
}
