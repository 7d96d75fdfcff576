import { promotionPage as text } from "@/src/lib/messages";
import { PageFrame } from "@/src/shop/app/components/page-frame";
import { ApiProvider } from "@/src/shop/components/api-context";
import type { PortalFormResult } from "@/src/shop/slices/portal/form-result";
import { RecaptchaField, useRecaptcha } from "@/src/shop/slices/portal/recaptcha-field";
import { SignUpForm } from "@/src/shop/slices/promotions/sign-up-form";
import type { Route } from "../+types/promotion-sign-up";

export function PromotionSignUpPage({
  loaderData,
  actionData,
}: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const answer = actionData ?? loaderData;
  const promotion = answer.form ?? loaderData.form;
  // The action's answer itself (one object per answer): the widget follows the answers, as on the portal.
  const recaptcha = useRecaptcha(actionData as Pick<PortalFormResult, "recaptchaRequired"> | undefined);
  if (!promotion) {
    return (
      <PageFrame title={text.title}>
        <p role="alert">{answer.formError}</p>
      </PageFrame>
    );
  }
  return (
    <PageFrame title={promotion.title}>
      <SignUpForm
        pageId={promotion.pageId}
        optIns={promotion.optIns}
        leadOptInUrl={promotion.leadOptInUrl}
        label={promotion.title}
        submitLabel={promotion.offerLabel}
        values={answer.values}
        errors={answer.errors}
        formError={answer.formError}
      >
        {/* The widget fetches its token through the API clients. */}
        <ApiProvider>
          <RecaptchaField recaptcha={recaptcha} />
        </ApiProvider>
      </SignUpForm>
    </PageFrame>
  );
}
