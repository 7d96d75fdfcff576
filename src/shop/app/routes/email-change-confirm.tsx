import { data, Link } from "react-router";
import { CachePolicy } from "@/src/lib/cache-policy";
import { accountChangeMessages, accountChangePages as text } from "@/src/lib/messages";
import { PageFrame, pageMeta } from "@/src/shop/app/components/page-frame";
import { readFormPost } from "@/src/shop/app/lib/form-post.server";
import { requestContext } from "@/src/shop/app/request-context";
import { ApiError } from "@/src/shop/client/api-error";
import { submitEmailConfirmation } from "@/src/shop/slices/portal/account-changes.server";
import type { Route } from "./+types/email-change-confirm";

/** What the link or its button came to: the new address, or why the link does not work. */
type Outcome = { email?: string; error?: string };

export const meta: Route.MetaFunction = () => [
  ...pageMeta(text.confirmTitle),
  { name: "robots", content: "noindex" },
];

/** The token of the e-mail's link; the API alone knows whose address it changes. */
function tokenOf(request: Request): string {
  return (new URL(request.url).searchParams.get("token") ?? "").slice(0, 200);
}

/**
 * `/e-mailadres-bevestigen?token=...` (issue 43), the link of the e-mail to the new address. Opening it
 * changes nothing, since mail scanners follow links: the page asks for the button's press.
 */
export function loader({ request }: Route.LoaderArgs) {
  if (!tokenOf(request)) return data<Outcome>({ error: accountChangeMessages.tokenUnknown }, 400);
  return data<Outcome>({});
}

/**
 * The button's press makes the address the account's. Like the other e-mail links it has no anti-forgery
 * token (decision 12): the player may open it in another browser, and the random token in the address,
 * sent only to the new address, is what confirms; a forged post can only confirm what its sender holds.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  const token = tokenOf(request);
  await readFormPost(request);
  if (!token) return data<Outcome>({ error: accountChangeMessages.tokenUnknown }, 400);
  try {
    return data<Outcome>({ email: await submitEmailConfirmation(ctx.clients.portal, token) });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500 || error.status === 0) throw error;
    const reason = Object.values(error.fieldErrors)[0]?.[0] ?? error.message;
    return data<Outcome>({ error: reason }, error.status);
  }
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": CachePolicy.private });

/** One button; after its press, the new address or why not. A plain form posting to the link's own address. */
export default function EmailChangeConfirmPage({ loaderData, actionData }: Route.ComponentProps) {
  const outcome = actionData ?? loaderData;
  if (outcome.email || outcome.error) {
    return (
      <PageFrame title={text.confirmTitle}>
        {outcome.email ? (
          <p role="status">{text.confirmed(outcome.email)}</p>
        ) : (
          <p className="form-error" role="alert">
            {outcome.error}
          </p>
        )}
        <p>
          <Link to="/mijn/profiel">{text.toProfile}</Link>
        </p>
      </PageFrame>
    );
  }
  return (
    <PageFrame title={text.confirmTitle} intro={text.confirmIntro}>
      <form method="post" className="portal-form" aria-label={text.confirmTitle}>
        <button type="submit" className="button">
          {text.confirmButton}
        </button>
      </form>
    </PageFrame>
  );
}
