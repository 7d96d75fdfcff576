import type { PortalParams } from "@/src/domain/portal/portal-params";
import { CachePolicy } from "@/src/lib/cache-policy";
import { portal } from "@/src/lib/messages";
import { pageMeta } from "@/src/shop/app/components/page-frame";
import { formToken } from "@/src/shop/app/lib/form-token.server";
import { portalFormAction } from "@/src/shop/app/lib/portal-form-action.server";
import { portalParams } from "@/src/shop/app/lib/portal-params.server";
import { requestContext } from "@/src/shop/app/request-context";
import { deferred } from "@/src/shop/components/deferred-hydration";
import { REGISTRATION_KEPT_FIELDS, submitRegistration } from "@/src/shop/slices/portal/portal-forms.server";
import type { Route } from "./+types/register";

export const meta: Route.MetaFunction = () => [
  ...pageMeta(portal.registerTitle),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  return { params: portalParams(request, ctx), token: await formToken(ctx) };
}

/** After registering: the completion step, or straight back with `skipCompletionFlow=true` (spec section 2). */
function afterRegistration(params: PortalParams): string {
  return params.skipCompletionFlow
    ? params.returnUrl
    : `/aanmelden/voltooien?returnUrl=${encodeURIComponent(params.returnUrl)}`;
}

/** The registration form's POST, with and without JavaScript. */
export async function action({ request, context }: Route.ActionArgs) {
  return portalFormAction(request, context.get(requestContext), {
    submit: submitRegistration,
    keep: REGISTRATION_KEPT_FIELDS,
    next: afterRegistration,
    // The registration has no reCAPTCHA: a 429 there says to wait, not to tick one.
    recaptcha: false,
  });
}

/** The page carries this browser's anti-forgery token: never kept by a cache. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": CachePolicy.private });

/** The page itself loads after the layout (decision 16): until then its links and forms work as HTML. */
const View = deferred(() => import("./views/register").then((module) => module.RegisterPage));

export default function RegisterPage({ loaderData, actionData }: Route.ComponentProps) {
  return <View loaderData={loaderData} actionData={actionData} />;
}
