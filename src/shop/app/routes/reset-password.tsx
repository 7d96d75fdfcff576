import { data } from "react-router";
import { PASSWORD_RESET_PATH } from "@/src/domain/portal/password-reset";
import { CachePolicy } from "@/src/lib/cache-policy";
import { passwordResetMessages, passwordResetPages as text } from "@/src/lib/messages";
import { PageFrame, pageMeta } from "@/src/shop/app/components/page-frame";
import { formToken } from "@/src/shop/app/lib/form-token.server";
import { portalFormAction } from "@/src/shop/app/lib/portal-form-action.server";
import { portalParams } from "@/src/shop/app/lib/portal-params.server";
import { requestContext } from "@/src/shop/app/request-context";
import { deferred } from "@/src/shop/components/deferred-hydration";
import { PasswordChanged, ResetLinkRefused } from "@/src/shop/slices/portal/password-reset-notices";
import { submitNewPassword } from "@/src/shop/slices/portal/portal-forms.server";
import type { Route } from "./+types/reset-password";

const ResetPasswordForm = deferred(() =>
  import("@/src/shop/slices/portal/reset-password-form").then((module) => module.ResetPasswordForm),
);

/** Where a new password ends: the confirmation, the link's token gone from the address bar and history. */
const CHANGED_PARAMETER = "gewijzigd";

/** The token of the e-mail's link; the API alone knows whose password it resets. */
function resetTokenOf(request: Request): string {
  return (new URL(request.url).searchParams.get("token") ?? "").slice(0, 200);
}

export const meta: Route.MetaFunction = () => [
  ...pageMeta(text.resetTitle),
  { name: "robots", content: "noindex" },
];

/**
 * `/wachtwoord-herstellen?token=...` (issue 43), the link of the reset e-mail. Opening it changes nothing
 * (mail scanners follow links); the form's post does. Without a token the link cannot work (400).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const params = portalParams(request, ctx);
  const changed = new URL(request.url).searchParams.has(CHANGED_PARAMETER);
  const resetToken = changed ? "" : resetTokenOf(request);
  const token = resetToken ? await formToken(ctx) : "";
  return data({ params, token, resetToken, changed }, { status: changed || resetToken ? 200 : 400 });
}

/** The new password's POST, with and without JavaScript; the link's token comes in the form's address. */
export async function action({ request, context }: Route.ActionArgs) {
  const resetToken = resetTokenOf(request);
  return portalFormAction(request, context.get(requestContext), {
    submit: (portal, form) => submitNewPassword(portal, resetToken, form),
    keep: [],
    next: () => `${PASSWORD_RESET_PATH}?${CHANGED_PARAMETER}=1`,
  });
}

/** The page carries this browser's anti-forgery token and a reset link's token: never kept by a cache. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": CachePolicy.private });

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const { params, token, resetToken, changed } = loaderData;
  if (changed) {
    return (
      <PageFrame title={text.changedTitle}>
        <PasswordChanged query={params.query} />
      </PageFrame>
    );
  }
  const refused =
    actionData?.fieldErrors.token?.[0] ?? (resetToken ? undefined : passwordResetMessages.tokenUnknown);
  return (
    <PageFrame title={text.resetTitle} intro={refused ? undefined : text.resetIntro}>
      {refused ? (
        <ResetLinkRefused reason={refused} query={params.query} />
      ) : (
        <ResetPasswordForm params={params} token={token} resetToken={resetToken} result={actionData} />
      )}
    </PageFrame>
  );
}
