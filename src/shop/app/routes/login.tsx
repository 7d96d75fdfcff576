import { CachePolicy } from "@/src/lib/cache-policy";
import { portal } from "@/src/lib/messages";
import { PageFrame, pageMeta } from "@/src/shop/app/components/page-frame";
import { formToken } from "@/src/shop/app/lib/form-token.server";
import { portalFormAction } from "@/src/shop/app/lib/portal-form-action.server";
import { portalParams } from "@/src/shop/app/lib/portal-params.server";
import { requestContext } from "@/src/shop/app/request-context";
import { deferred } from "@/src/shop/components/deferred-hydration";
import { LOGIN_KEPT_FIELDS, submitLogin } from "@/src/shop/slices/portal/portal-forms.server";
import type { Route } from "./+types/login";

/** The form and the API client it checks with load after the page (decision 16). */
const LoginForm = deferred(
  () => import("@/src/shop/slices/portal/login-form").then((module) => module.LoginForm),
  {
    api: true,
  },
);

export const meta: Route.MetaFunction = () => [
  ...pageMeta(portal.loginTitle),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  return { params: portalParams(request, ctx), token: await formToken(ctx) };
}

/** The login form's POST, with and without JavaScript: on success on to the safe `returnUrl`. */
export async function action({ request, context }: Route.ActionArgs) {
  return portalFormAction(request, context.get(requestContext), {
    submit: submitLogin,
    keep: LOGIN_KEPT_FIELDS,
    next: (params) => params.returnUrl,
  });
}

/** The page carries this browser's anti-forgery token: never kept by a cache. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": CachePolicy.private });

export default function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <PageFrame title={portal.loginTitle} intro={portal.loginIntro}>
      <LoginForm params={loaderData.params} token={loaderData.token} result={actionData} />
    </PageFrame>
  );
}
