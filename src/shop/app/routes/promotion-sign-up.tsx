import { data, redirect } from "react-router";
import {
  continuePromotion,
  getPromotion,
  type PromotionForm,
  storePromotion,
  validateEmail,
  verifyPromotion,
} from "@/src/contract/promotions";
import { PageIdSchema } from "@/src/contract/tickets";
import { CachePolicy } from "@/src/lib/cache-policy";
import { createFlash } from "@/src/lib/flash/flash";
import { flashCookieHeader } from "@/src/lib/flash/flash.server";
import { general, promotionMessages, promotionPage as text } from "@/src/lib/messages";
import { pageMeta } from "@/src/shop/app/components/page-frame";
import { readFormPost, textField } from "@/src/shop/app/lib/form-post.server";
import { type RequestContext, requestContext } from "@/src/shop/app/request-context";
import { ApiError } from "@/src/shop/client/api-error";
import { deferred } from "@/src/shop/components/deferred-hydration";
import { serverErrorsByInput } from "@/src/shop/components/field-error";
import { withLeadFragment } from "@/src/shop/slices/promotions/lead-fragment";
import { SIGN_UP_FIELDS, type SignUpValues } from "@/src/shop/slices/promotions/sign-up-form";
import type { Route } from "./+types/promotion-sign-up";

export const meta: Route.MetaFunction = () => [
  ...pageMeta(text.title),
  { name: "robots", content: "noindex" },
];

type Answer = {
  form?: PromotionForm;
  values: SignUpValues;
  errors: Record<string, string>;
  formError?: string;
  recaptchaRequired: boolean;
};

async function formOf(ctx: RequestContext, pageId: string): Promise<PromotionForm | undefined> {
  try {
    return await ctx.clients.shop.call(getPromotion, { body: { pageId } });
  } catch (error) {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) return undefined;
    throw error;
  }
}

/**
 * `/actie/aanmelden?pagina={pageId}` (issue 18): the promotion's sign-up on its own, where a refused
 * sign-up from the block is shown again with its messages (with JavaScript or without).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const pageId = PageIdSchema.safeParse(new URL(request.url).searchParams.get("pagina"));
  const form = pageId.success ? await formOf(ctx, pageId.data) : undefined;
  if (!form) {
    return data<Answer>(
      { values: {}, errors: {}, formError: promotionMessages.notFound, recaptchaRequired: false },
      { status: 404 },
    );
  }
  return data<Answer>({ form, values: {}, errors: {}, recaptchaRequired: false });
}

/**
 * The sign-up's POST: the address is validated (`/api/email/validate`), the sign-up checked and stored as a
 * lead with the opt-in texts shown, and the visitor continues to the offer with a thank-you. A refusal
 * shows the form again with what was typed and the Dutch reason at its field.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  const form = await readFormPost(request);
  const pageId = PageIdSchema.safeParse(textField(form, SIGN_UP_FIELDS.pageId));
  const values: SignUpValues = {
    firstName: (textField(form, SIGN_UP_FIELDS.firstName) ?? "").slice(0, 60),
    email: (textField(form, SIGN_UP_FIELDS.email) ?? "").slice(0, 254),
    optIns: form.getAll(SIGN_UP_FIELDS.optIn).slice(0, 10),
  };
  const promotion = pageId.success ? await formOf(ctx, pageId.data) : undefined;
  if (!pageId.success || !promotion) {
    return data<Answer>(
      { values, errors: {}, formError: promotionMessages.notFound, recaptchaRequired: false },
      { status: 404 },
    );
  }
  const gRecaptchaResponse = textField(form, "gRecaptchaResponse") || undefined;
  const signUp = {
    pageId: pageId.data,
    firstName: values.firstName ?? "",
    email: values.email ?? "",
    optIns: (values.optIns ?? []).map((id) => ({
      id: id.slice(0, 40),
      text: (textField(form, `${SIGN_UP_FIELDS.optInText}${id}`) ?? "").slice(0, 1000),
    })),
  };
  try {
    await ctx.clients.shop.call(validateEmail, { body: { email: signUp.email } });
    await ctx.clients.shop.call(verifyPromotion, { body: signUp });
    const stored = await ctx.clients.shop.call(storePromotion, { body: { ...signUp, gRecaptchaResponse } });
    const next = await ctx.clients.shop.call(continuePromotion, { body: { leadId: stored.leadId } });
    const flash = createFlash(text.thanks(signUp.firstName.trim()), "success");
    // The fragment tells the browser's funnel a lead was recorded (nothing of it reaches a server).
    return redirect(withLeadFragment(next.redirectUrl, pageId.data), {
      status: 303,
      headers: { "Set-Cookie": flashCookieHeader(flash, { secure: ctx.services.config.secureCookies }) },
    });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500 || error.status === 0) throw error;
    // An opt-in's error (`optIns.0.text`) is the opt-ins' field's.
    const { byInput: errors, unmatched } = serverErrorsByInput(error.fieldErrors, (key) => {
      const field = key.split(".")[0];
      return field === "firstName" || field === "email" || field === "optIns" ? field : undefined;
    });
    const formError =
      unmatched[0] ?? (Object.keys(errors).length === 0 ? error.message || general.generic : undefined);
    return data<Answer>(
      { form: promotion, values, errors, formError, recaptchaRequired: error.recaptchaRequired },
      { status: error.status },
    );
  }
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": CachePolicy.private });

/** The page itself loads after the layout (decision 16): until then its links and forms work as HTML. */
const View = deferred(() => import("./views/promotion-sign-up").then((module) => module.PromotionSignUpPage));

export default function PromotionSignUpPage({ loaderData, actionData }: Route.ComponentProps) {
  return <View loaderData={loaderData} actionData={actionData} />;
}
