import { subscriptionCancelPath } from "@/src/domain/subscriptions/subscription-paths";
import { subscriptionCancelPage as text } from "@/src/lib/messages";
import { PageFrame } from "@/src/shop/app/components/page-frame";
import type { CancelAnswer, CancelStart } from "@/src/shop/slices/subscriptions/cancel/cancel-flow";
import { ChooseStep } from "@/src/shop/slices/subscriptions/cancel/choose-step";
import { OffersStep } from "@/src/shop/slices/subscriptions/cancel/offers-step";
import { CancelledStep, KeptStep, StoppedStep } from "@/src/shop/slices/subscriptions/cancel/outcome";
import type { Route } from "../+types/account-subscription-cancel";

export function AccountSubscriptionCancelPage({
  loaderData,
  actionData,
}: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  return (
    <PageFrame title={text.title} intro={text.subscription(loaderData.subscriptionId)}>
      <Body start={loaderData} answer={actionData as CancelAnswer | undefined} />
    </PageFrame>
  );
}

function Body({ start, answer }: { start: CancelStart; answer: CancelAnswer | undefined }) {
  const restart = subscriptionCancelPath(start.subscriptionId);
  if (answer?.step === "offers") {
    return <OffersStep form={answer} quote={answer.quote} offers={answer.offers} notice={answer.notice} />;
  }
  if (answer?.step === "cancelled") {
    return <CancelledStep applied={answer.applied} email={answer.email} steps={answer.steps} />;
  }
  if (answer?.step === "kept") return <KeptStep applied={answer.applied} offer={answer.offer} />;
  if (answer?.step === "stopped") {
    return (
      <StoppedStep
        message={answer.message}
        restart={answer.restart ? restart : undefined}
        byCustomerService={answer.byCustomerService}
      />
    );
  }
  if (!start.quote) {
    return <StoppedStep message={start.blocked ?? ""} byCustomerService={start.byCustomerService} />;
  }
  const quote = start.quote;
  if (answer?.step === "choose") {
    const { transactionId, token, choice, error } = answer;
    return <ChooseStep start={{ ...start, quote, transactionId, token }} choice={choice} error={error} />;
  }
  return <ChooseStep start={{ ...start, quote }} />;
}
