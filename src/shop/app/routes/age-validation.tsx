import { data, redirect } from "react-router";
import { getAgeValidation, startAgeValidation } from "@/src/contract/age-validation";
import { CachePolicy } from "@/src/lib/cache-policy";
import { ageValidationMessages, general, portal, ageValidationPage as text } from "@/src/lib/messages";
import { PageFrame, pageMeta } from "@/src/shop/app/components/page-frame";
import { readFormPost, textField } from "@/src/shop/app/lib/form-post.server";
import { checkFormToken, formToken } from "@/src/shop/app/lib/form-token.server";
import { idinIssuers } from "@/src/shop/app/lib/idin-issuers.server";
import { asPlayer, requirePlayer } from "@/src/shop/app/lib/require-player.server";
import { requestContext } from "@/src/shop/app/request-context";
import { ApiError } from "@/src/shop/client/api-error";
import { deferred } from "@/src/shop/components/deferred-hydration";
import { serverErrorsByInput } from "@/src/shop/components/field-error";
import type { StartAnswer } from "@/src/shop/slices/age-validation/age-validation-panel";
import { safeReturnPath } from "@/src/shop/slices/age-validation/links";
import type { Route } from "./+types/age-validation";

/** The panel and its form hydrate when their code arrives; until then the form posts as plain HTML. */
const AgeValidationPanel = deferred(() =>
  import("@/src/shop/slices/age-validation/age-validation-panel").then((module) => module.AgeValidationPanel),
);

export const meta: Route.MetaFunction = () => [
  ...pageMeta(text.title),
  { name: "robots", content: "noindex" },
];

/** Where the player continues afterwards: the `returnUrl` of the address, when it is a path of this shop. */
function returnPathOf(request: Request): string | undefined {
  return safeReturnPath(new URL(request.url).searchParams.get("returnUrl"));
}

/**
 * `/mijn/leeftijdscontrole?returnUrl=/afrekenen` (behind `auth`; issue 16 item 2): why the shop asks, the
 * player's state, and the banks to confirm the age with.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  await requirePlayer(ctx, request);
  const [state, issuers, token] = await Promise.all([
    asPlayer(ctx, request, ctx.clients.portal.call(getAgeValidation)),
    idinIssuers(ctx),
    formToken(ctx),
  ]);
  return { state, issuers, returnPath: returnPathOf(request), token };
}

/**
 * The bank chosen (a plain form post, with or without JavaScript): starts the age validation and sends the
 * browser to the bank's page (or straight on when the player is validated already). A refusal shows the
 * page again with the Dutch message at the bank's field or above the form.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  await requirePlayer(ctx, request);
  const form = await readFormPost(request);
  const issuerId = (textField(form, "issuerId") ?? "").slice(0, 40);
  const refuse = (status: number, answer: Omit<StartAnswer, "issuerId">) =>
    data<StartAnswer>({ issuerId, ...answer }, { status });
  if (!(await checkFormToken(ctx, form)).valid) {
    ctx.log.warn({ event: "age_validation_form_refused" }, "iDIN form without a valid anti-forgery token");
    return refuse(403, { errors: {}, formError: portal.formExpired });
  }
  if (!issuerId) return refuse(422, { errors: { issuerId: ageValidationMessages.issuer } });
  try {
    const started = await asPlayer(
      ctx,
      request,
      ctx.clients.portal.call(startAgeValidation, {
        body: { issuerId, returnPath: returnPathOf(request) ?? "/mijn" },
      }),
    );
    return redirect(started.redirectUrl, { status: 303 });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500 || error.status === 0) throw error;
    const { byInput: errors, unmatched } = serverErrorsByInput(error.fieldErrors, (field) =>
      field === "issuerId" ? "issuerId" : undefined,
    );
    const formError =
      unmatched[0] ?? (Object.keys(errors).length === 0 ? error.message || general.generic : undefined);
    return refuse(error.status, { errors, formError });
  }
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": CachePolicy.private });

export default function AgeValidationPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <PageFrame title={text.title} intro={text.intro}>
      <AgeValidationPanel
        state={loaderData.state}
        issuers={loaderData.issuers}
        returnPath={loaderData.returnPath}
        token={loaderData.token}
        answer={actionData}
      />
    </PageFrame>
  );
}
