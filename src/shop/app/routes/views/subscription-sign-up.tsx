import { Link } from "react-router";
import { actionPage, subscriptionSignUp as text } from "@/src/lib/messages";
import { PageFrame } from "@/src/shop/app/components/page-frame";
import { QuoteSummary } from "@/src/shop/slices/subscriptions/quote-summary";
import { SignUpForm } from "@/src/shop/slices/subscriptions/sign-up-form";
import { SubscriptionConfigurator } from "@/src/shop/slices/subscriptions/subscription-configurator";
import type { Route } from "../+types/subscription-sign-up";

export function SubscriptionSignUpPage({
  loaderData,
  actionData,
}: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  if (loaderData.step === "unknownPage") {
    return (
      <PageFrame title={text.title} intro={text.unknownPage}>
        <Link to="/abonnement">{text.toSubscriptions}</Link>
      </PageFrame>
    );
  }
  if (loaderData.step === "trialRefused") {
    return (
      <PageFrame title={text.title}>
        <p role="alert">
          {loaderData.message}{" "}
          {loaderData.actionPagePath ? (
            <Link to={loaderData.actionPagePath}>{actionPage.toActionPage}</Link>
          ) : null}
        </p>
      </PageFrame>
    );
  }
  if (loaderData.step === "fix") {
    return (
      <PageFrame
        title={loaderData.choosing ? text.chooseTitle : text.fixTitle}
        intro={loaderData.choosing ? text.chooseIntro : text.fixIntro}
      >
        {loaderData.formError ? (
          <p className="form-error" role="alert">
            {loaderData.formError}
          </p>
        ) : null}
        <SubscriptionConfigurator
          pageId={loaderData.pageId}
          details={loaderData.details}
          initial={loaderData.form}
          initialErrors={loaderData.errors}
          formPage={loaderData.formPage}
        />
      </PageFrame>
    );
  }
  const { quote } = loaderData;
  return (
    <PageFrame title={text.title} intro={text.intro}>
      <QuoteSummary
        quote={quote}
        changeLink={
          <p>
            <Link to={loaderData.changeLink}>{text.changeChoice}</Link>
          </p>
        }
      />
      <SignUpForm
        firstAmountInCents={quote.firstAmountInCents}
        monthlyAmountInCents={quote.monthlyAmountInCents}
        prefill={loaderData.prefill}
        profileIban={loaderData.profileIban}
        today={loaderData.today}
        mandateId={quote.mandateId}
        token={loaderData.token}
        answer={actionData}
      />
    </PageFrame>
  );
}
