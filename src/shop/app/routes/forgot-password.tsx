import { FORGOT_PASSWORD_PATH } from "@/src/domain/portal/password-reset";
import type { PortalParams } from "@/src/domain/portal/portal-params";
import { CachePolicy } from "@/src/lib/cache-policy";
import { passwordResetPages as text } from "@/src/lib/messages";
import { PageFrame, pageMeta } from "@/src/shop/app/components/page-frame";
import { formToken } from "@/src/shop/app/lib/form-token.server";
import { portalFormAction } from "@/src/shop/app/lib/portal-form-action.server";
import { portalParams } from "@/src/shop/app/lib/portal-params.server";
import { requestContext } from "@/src/shop/app/request-context";
import { deferred } from "@/src/shop/components/deferred-hydration";
import { ForgotPasswordSent } from "@/src/shop/slices/portal/password-reset-notices";
import {
  FORGOT_PASSWORD_KEPT_FIELDS,
  submitPasswordResetRequest,
} from "@/src/shop/slices/portal/portal-forms.server";
import type { Route } from "./+types/forgot-password";

/** The form and the API client its reCAPTCHA needs load after the page (decision 16). */
const ForgotPasswordForm = deferred(
  () => import("@/src/shop/slices/portal/forgot-password-form").then((module) => module.ForgotPasswordForm),
  { api: true },
);

/** Where a request ends, with the page's portal parameters kept: the same answer for every address. */
const SENT_PARAMETER = "verstuurd";

function sentAddress(params: PortalParams): string {
  return `${FORGOT_PASSWORD_PATH}${params.query ? `${params.query}&` : "?"}${SENT_PARAMETER}=1`;
}

export const meta: Route.MetaFunction = () => [
  ...pageMeta(text.forgotTitle),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const sent = new URL(request.url).searchParams.has(SENT_PARAMETER);
  return { params: portalParams(request, ctx), token: sent ? "" : await formToken(ctx), sent };
}

/** `/wachtwoord-vergeten` (issue 43): the request's POST, with and without JavaScript, then its answer. */
export async function action({ request, context }: Route.ActionArgs) {
  return portalFormAction(request, context.get(requestContext), {
    submit: submitPasswordResetRequest,
    keep: FORGOT_PASSWORD_KEPT_FIELDS,
    next: sentAddress,
  });
}

/** The page carries this browser's anti-forgery token: never kept by a cache. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": CachePolicy.private });

export default function ForgotPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const { params, token, sent } = loaderData;
  return (
    <PageFrame title={text.forgotTitle} intro={sent ? undefined : text.forgotIntro}>
      {sent ? (
        <ForgotPasswordSent query={params.query} />
      ) : (
        <ForgotPasswordForm params={params} token={token} result={actionData} />
      )}
    </PageFrame>
  );
}
