import { data, Link } from "react-router";
import { ApiError } from "@/src/api/client/api-error";
import { type RedeemedGift, redeemGiftAsPlayer } from "@/src/api/contract/gift-tickets";
import { PageFrame, pageMeta } from "@/src/app/components/page-frame";
import { readFormPost, textField } from "@/src/app/lib/form-post.server";
import { checkFormToken, formToken } from "@/src/app/lib/form-token.server";
import { asPlayer } from "@/src/app/lib/require-player.server";
import { requireValidatedAge } from "@/src/app/lib/require-validated-age.server";
import { requestContext } from "@/src/app/request-context";
import { FormToken } from "@/src/components/form-token";
import { formatDate } from "@/src/lib/format";
import { general, giftMessages, portal, giftPage as text } from "@/src/lib/messages";
import type { Route } from "./+types/gift-redeem";

export const meta: Route.MetaFunction = () => [
  ...pageMeta(text.redeemPageTitle),
  { name: "robots", content: "noindex" },
];

/** The gift page whose block redeems codes (spec section 7: every gift call names its page). */
const GIFT_PAGE_ID = "cadeau";

type RedeemAnswer = { code: string; redeemed?: RedeemedGift; error?: string };

/**
 * `/cadeau/verzilveren?code=ABCD-EFGH` (issue 17), the link of the recipient's e-mail and the block's redeem
 * form: after the login (and the age check: a ticket plays online), the code with a button to redeem it.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  await requireValidatedAge(ctx, request);
  const code = (new URL(request.url).searchParams.get("code") ?? "").slice(0, 20);
  return { code, token: await formToken(ctx) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  await requireValidatedAge(ctx, request);
  const form = await readFormPost(request);
  const code = (textField(form, "code") ?? "").slice(0, 20);
  if (!(await checkFormToken(ctx, form)).valid) {
    return data<RedeemAnswer>({ code, error: portal.formExpired }, { status: 403 });
  }
  if (!code) return data<RedeemAnswer>({ code, error: giftMessages.code }, { status: 422 });
  try {
    const redeemed = await asPlayer(
      ctx,
      request,
      ctx.clients.shop.call(redeemGiftAsPlayer, { params: { pageId: GIFT_PAGE_ID }, body: { code } }),
    );
    return data<RedeemAnswer>({ code, redeemed });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500 || error.status === 0) throw error;
    const message = error.fieldErrors.code?.[0] ?? (error.message || general.generic);
    return data<RedeemAnswer>({ code, error: message }, { status: error.status });
  }
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function GiftRedeemPage({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData?.redeemed) {
    const { number, draw } = actionData.redeemed;
    return (
      <PageFrame title={text.redeemedTitle}>
        <p role="status">{text.redeemed(number, `${draw.name} van ${formatDate(draw.drawDate)}`)}</p>
        <p>
          <Link to="/mijn/loten">{text.toMyTickets}</Link>
        </p>
      </PageFrame>
    );
  }
  const code = actionData?.code ?? loaderData.code;
  return (
    <PageFrame title={text.redeemPageTitle} intro={text.redeemIntro}>
      <form method="post" className="portal-form" aria-label={text.redeemPageTitle} noValidate>
        <FormToken token={loaderData.token} />
        {actionData?.error ? (
          <p className="form-error" role="alert" id="gift-code-error">
            {actionData.error}
          </p>
        ) : null}
        <div className="form-field">
          <label htmlFor="gift-redeem-code">{text.codeLabel}</label>
          <input
            id="gift-redeem-code"
            name="code"
            autoComplete="off"
            defaultValue={code}
            aria-invalid={actionData?.error ? true : undefined}
            aria-describedby={actionData?.error ? "gift-code-error" : undefined}
          />
        </div>
        <div className="portal-form__actions">
          <button type="submit" className="button">
            {text.redeem}
          </button>
        </div>
      </form>
    </PageFrame>
  );
}
