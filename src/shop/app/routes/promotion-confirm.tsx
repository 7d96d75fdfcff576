import { data } from "react-router";
import { confirmPromotionLead } from "@/src/contract/promotions";
import { CachePolicy } from "@/src/lib/cache-policy";
import { leadConfirmationPage, promotionMessages } from "@/src/lib/messages";
import { pageMeta } from "@/src/shop/app/components/page-frame";
import { readFormPost } from "@/src/shop/app/lib/form-post.server";
import { requestContext } from "@/src/shop/app/request-context";
import { ApiError } from "@/src/shop/client/api-error";
import type { Route } from "./+types/promotion-confirm";
import {
  type ConfirmationLink,
  type ConfirmationOutcome,
  PromotionConfirmView,
} from "./views/promotion-confirm";

export const meta: Route.MetaFunction = () => [
  ...pageMeta(leadConfirmationPage.title),
  { name: "robots", content: "noindex" },
];

/** The token of the e-mail's link; the API alone knows whose sign-up it confirms. */
function tokenOf(request: Request): string {
  return (new URL(request.url).searchParams.get("token") ?? "").slice(0, 200);
}

/**
 * `/actie/bevestigen?token=...` (issue 42): the link of a promotion's confirmation e-mail (double opt-in).
 * Opening it confirms nothing, since mail scanners follow links: the page asks for the button's press.
 */
export function loader({ request }: Route.LoaderArgs) {
  if (!tokenOf(request))
    return data<ConfirmationLink>({ error: promotionMessages.confirmationNotFound }, 400);
  return data<ConfirmationLink>({});
}

/**
 * The button's press confirms the sign-up. Like the e-mail's other links it has no anti-forgery token
 * (decision 12): the visitor may open it in another browser than the one that signed up, and the random
 * token in the address is what confirms; a forged post can only confirm what its sender already holds.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  const token = tokenOf(request);
  await readFormPost(request);
  if (!token) return data<ConfirmationOutcome>({ error: promotionMessages.confirmationNotFound }, 400);
  try {
    const confirmed = await ctx.clients.shop.call(confirmPromotionLead, { body: { token } });
    return data<ConfirmationOutcome>({ confirmed });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500 || error.status === 0) throw error;
    const message = error.status === 429 ? error.message : promotionMessages.confirmationNotFound;
    return data<ConfirmationOutcome>({ error: message }, error.status);
  }
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": CachePolicy.private });

export default function PromotionConfirmPage({ loaderData, actionData }: Route.ComponentProps) {
  return <PromotionConfirmView link={loaderData} outcome={actionData} />;
}
