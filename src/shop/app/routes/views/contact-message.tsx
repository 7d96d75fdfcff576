import { contactFormPage as text } from "@/src/lib/messages";
import { PageFrame } from "@/src/shop/app/components/page-frame";
import { ContactForm } from "@/src/shop/slices/customer-service/contact-form";
import type { Route } from "../+types/contact-message";

export function ContactMessagePage({
  loaderData,
  actionData,
}: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const answer = actionData ?? loaderData;
  return (
    <PageFrame title={text.title}>
      <ContactForm
        label={text.formLabel}
        values={answer.values}
        errors={answer.errors}
        formError={answer.formError}
        player={answer.player ?? loaderData.player}
      />
    </PageFrame>
  );
}
