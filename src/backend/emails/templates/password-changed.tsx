import { formatDateTime } from "@/src/lib/format";
import { emailPasswordChanged as text } from "@/src/lib/messages";
import { ActionButton, Greeting, Paragraph, SignOff } from "./layout";
import { type EmailTemplate, shopLink } from "./template";

/** The customer service's CMS page (the footer's link): where a player goes whose account was taken over. */
export const CUSTOMER_SERVICE_PATH = "/klantenservice";

export const passwordChanged: EmailTemplate<"password-changed"> = {
  subject: () => text.subject,
  preview: () => text.preview,
  heading: () => text.heading,
  Body: ({ data, context }) => (
    <>
      <Greeting firstName={data.firstName} />
      <Paragraph>{text.changed(formatDateTime(data.changedAt))}</Paragraph>
      <Paragraph>{text.signedOut}</Paragraph>
      <Paragraph>{text.notYou}</Paragraph>
      <ActionButton href={shopLink(context, CUSTOMER_SERVICE_PATH)}>{text.toCustomerService}</ActionButton>
      <SignOff />
    </>
  ),
};
