import { PageFrame, pageMeta } from "@/src/app/components/page-frame";
import { formToken } from "@/src/app/lib/form-token.server";
import { portalFormAction } from "@/src/app/lib/portal-form-action.server";
import { portalParams } from "@/src/app/lib/portal-params.server";
import { requestContext } from "@/src/app/request-context";
import { ApiProvider } from "@/src/components/api-context";
import type { PortalParams } from "@/src/domain/portal/portal-params";
import { REGISTRATION_KEPT_FIELDS, submitRegistration } from "@/src/features/portal/portal-forms.server";
import { RegisterForm } from "@/src/features/portal/register-form";
import { portal } from "@/src/lib/messages";
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
  });
}

/** The page carries this browser's anti-forgery token: never kept by a cache. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function RegisterPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <PageFrame title={portal.registerTitle} intro={portal.registerIntro}>
      <ApiProvider>
        <RegisterForm params={loaderData.params} token={loaderData.token} result={actionData} />
      </ApiProvider>
    </PageFrame>
  );
}
