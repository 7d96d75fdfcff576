import { data } from "react-router";
import { CachePolicy } from "@/src/lib/cache-policy";
import { portal, profilePageTitle } from "@/src/lib/messages";
import { pageMeta } from "@/src/shop/app/components/page-frame";
import { readFormPost } from "@/src/shop/app/lib/form-post.server";
import { checkFormToken, formToken } from "@/src/shop/app/lib/form-token.server";
import { asPlayer, requirePlayer } from "@/src/shop/app/lib/require-player.server";
import { requestContext } from "@/src/shop/app/request-context";
import { ApiError } from "@/src/shop/client/api-error";
import { deferred } from "@/src/shop/components/deferred-hydration";
import {
  PROFILE_FORM_INTENT,
  type ProfileFormOutcome,
  profileFormName,
} from "@/src/shop/slices/portal/account-change-outcome";
import { profileFormRefusal, submitProfileForm } from "@/src/shop/slices/portal/account-changes.server";
import type { Route } from "./+types/account-profile";

export const meta: Route.MetaFunction = () => [
  ...pageMeta(profilePageTitle),
  { name: "robots", content: "noindex" },
];

/** The player's own details and this browser's token for the forms; the route rules put `/mijn/**` behind `auth`. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const [profile, token] = await Promise.all([requirePlayer(ctx, request), formToken(ctx)]);
  return { profile, token };
}

/**
 * The password or e-mail form's post (issue 43), with or without JavaScript: the change through the portal
 * client, then the page with what it did, or the refusal at its fields with what was typed (no password).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  await requirePlayer(ctx, request);
  const form = await readFormPost(request);
  const name = profileFormName(form.get(PROFILE_FORM_INTENT));
  if (!name) throw data(null, { status: 400 });
  const answer = (status: number, outcome: ProfileFormOutcome) => data(outcome, { status });
  if (!(await checkFormToken(ctx, form)).valid) {
    ctx.log.warn({ event: "profile_form_refused" }, "profile form without a valid anti-forgery token");
    return answer(403, profileFormRefusal(name, form, { message: portal.formExpired, fieldErrors: {} }));
  }
  try {
    return answer(200, await asPlayer(ctx, request, submitProfileForm(ctx.clients.portal, name, form)));
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500 || error.status === 0) throw error;
    return answer(error.status, profileFormRefusal(name, form, error));
  }
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": CachePolicy.private });

/** The page, with its forms, loads after the layout (decision 16): until then its forms post as HTML. */
const View = deferred(() => import("./views/account-profile").then((module) => module.AccountProfilePage));

export default function AccountProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  return <View loaderData={loaderData} actionData={actionData} />;
}
