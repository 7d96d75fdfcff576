import { data } from "react-router";
import {
  getCommunicationPreferences,
  setCommunicationPreferences,
} from "@/src/contract/communication-preferences";
import { VERTICALS } from "@/src/domain/communication-preferences/preferences";
import { CachePolicy } from "@/src/lib/cache-policy";
import { general, portal, communicationPreferenceMessages as text } from "@/src/lib/messages";
import { PageFrame, pageMeta } from "@/src/shop/app/components/page-frame";
import { readFormPost } from "@/src/shop/app/lib/form-post.server";
import { checkFormToken, formToken } from "@/src/shop/app/lib/form-token.server";
import { asPlayer, requirePlayer } from "@/src/shop/app/lib/require-player.server";
import { requestContext } from "@/src/shop/app/request-context";
import { ApiError } from "@/src/shop/client/api-error";
import { deferred } from "@/src/shop/components/deferred-hydration";
import type { FormOutcomeState } from "@/src/shop/components/form-outcome";
import {
  channelsInForm,
  verticalsInForm,
} from "@/src/shop/slices/communication-preferences/preference-fields";
import type { Route } from "./+types/account-preferences";

/** The form loads after the page (decision 16): without it, it posts as plain HTML. */
const PreferencesForm = deferred(() =>
  import("@/src/shop/slices/communication-preferences/preferences-form").then(
    (module) => module.PreferencesForm,
  ),
);

export const meta: Route.MetaFunction = () => [
  ...pageMeta(text.title),
  { name: "robots", content: "noindex" },
];

/** `/mijn/voorkeuren` (behind `auth`; issue 20, item 5): both verticals' preferences, through the portal client. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  await requirePlayer(ctx, request);
  const [preferences, token] = await Promise.all([
    asPlayer(
      ctx,
      request,
      Promise.all(
        VERTICALS.map((vertical) =>
          ctx.clients.portal.call(getCommunicationPreferences, {
            params: { vertical },
            query: { location: "mijn" },
          }),
        ),
      ),
    ),
    formToken(ctx),
  ]);
  return { preferences, token };
}

/**
 * The form's post (with or without JavaScript): every channel of each vertical shown is saved as ticked or
 * not, with location `mijn`; the page says so, or shows the Dutch reason of a refusal.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  await requirePlayer(ctx, request);
  const form = await readFormPost(request);
  const answer = (status: number, outcome: FormOutcomeState) => data<FormOutcomeState>(outcome, { status });
  if (!(await checkFormToken(ctx, form)).valid) {
    ctx.log.warn(
      { event: "preferences_form_refused" },
      "preferences form without a valid anti-forgery token",
    );
    return answer(403, { formError: portal.formExpired });
  }
  const verticals = verticalsInForm(form);
  if (verticals.length === 0) return answer(422, { formError: portal.formExpired });
  try {
    for (const vertical of verticals) {
      await asPlayer(
        ctx,
        request,
        ctx.clients.portal.call(setCommunicationPreferences, {
          body: { vertical, location: "mijn", channels: channelsInForm(form, vertical) },
        }),
      );
    }
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500 || error.status === 0) throw error;
    const reason = Object.values(error.fieldErrors).flat()[0] ?? (error.message || general.generic);
    return answer(error.status, { formError: reason });
  }
  return answer(200, { notice: text.saved });
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": CachePolicy.private });

export default function AccountPreferencesPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <PageFrame title={text.title} intro={text.intro}>
      <PreferencesForm preferences={loaderData.preferences} token={loaderData.token} outcome={actionData} />
    </PageFrame>
  );
}
