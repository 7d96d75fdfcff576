import { data } from "react-router";
import { CachePolicy } from "@/src/lib/cache-policy";
import { takeFlash } from "@/src/lib/flash/flash.server";
import { portal, subscriptionSignUpTitle } from "@/src/lib/messages";
import { pageMeta } from "@/src/shop/app/components/page-frame";
import { readFormPost } from "@/src/shop/app/lib/form-post.server";
import { checkFormToken, formToken } from "@/src/shop/app/lib/form-token.server";
import { playerShop } from "@/src/shop/app/lib/require-player.server";
import { requireValidatedAge } from "@/src/shop/app/lib/require-validated-age.server";
import { type RequestContext, requestContext } from "@/src/shop/app/request-context";
import { deferred } from "@/src/shop/components/deferred-hydration";
import {
  CHOICE_STEP_PARAM,
  checkChoice,
  formPageLink,
  SIGN_UP_PATH,
} from "@/src/shop/slices/subscriptions/choice-form";
import {
  canonicalQuery,
  offerOf,
  quoteOf,
  type SignUpDeps,
} from "@/src/shop/slices/subscriptions/sign-up/offer.server";
import { signUpRefusal, takeOut } from "@/src/shop/slices/subscriptions/sign-up/take-out.server";
import { signUpFieldsFromPost, signUpTransaction } from "@/src/shop/slices/subscriptions/sign-up-step.server";
import type { Route } from "./+types/subscription-sign-up";

export const meta: Route.MetaFunction = () => [
  ...pageMeta(subscriptionSignUpTitle),
  { name: "robots", content: "noindex" },
];

function signUpDeps(ctx: RequestContext, request: Request): SignUpDeps {
  return {
    shop: ctx.clients.shop,
    playerShop: playerShop(ctx, request),
    requireAdult: () => requireValidatedAge(ctx, request),
    secureCookies: ctx.services.config.secureCookies,
  };
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
  const deps = signUpDeps(ctx, request);
  const query = new URL(request.url).searchParams;
  const offer = await offerOf(deps, query);
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
  const transaction = signUpTransaction(request, canonicalQuery(offer), deps.secureCookies);
  const quoted = await quoteOf(deps, offer, checked.choice, transaction.id);
  if (!("quote" in quoted)) return fix(quoted.errors, quoted.formError);
  const headers = new Headers();
  if (transaction.setCookie) headers.append("Set-Cookie", transaction.setCookie);
  // The confirmation of the bank's return (iDIN) is in the HTML, without JavaScript too.
  const taken = takeFlash(request, { secure: deps.secureCookies });
  if (taken) headers.append("Set-Cookie", taken.clear);
  return data(
    {
      step: "signUp" as const,
      flash: taken?.flash,
      quote: quoted.quote,
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
 * Taking out the subscription (a plain form post, with or without JavaScript); 303 to the payment page. A
 * refusal shows the page again with the messages at the fields and every value kept.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  const player = await requireValidatedAge(ctx, request);
  const post = await readFormPost(request);
  const values = signUpFieldsFromPost(post);
  if (!(await checkFormToken(ctx, post)).valid) {
    ctx.log.warn({ event: "subscription_form_refused" }, "sign-up form without a valid anti-forgery token");
    return signUpRefusal(values, 403, { errors: {}, formError: portal.formExpired });
  }
  return takeOut(signUpDeps(ctx, request), request, values, player.iban);
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
