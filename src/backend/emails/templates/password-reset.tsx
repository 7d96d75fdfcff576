import { formatDateTime } from "@/src/lib/format";
import { emailPasswordReset as text } from "@/src/lib/messages";
import { ActionButton, Greeting, Paragraph, SignOff } from "./layout";
import { type EmailTemplate, shopLink } from "./template";

export const passwordReset: EmailTemplate<"password-reset"> = {
  subject: () => text.subject,
  preview: () => text.preview,
  heading: () => text.heading,
  Body: ({ data, context }) => (
    <>
      <Greeting firstName={data.firstName} />
      <Paragraph>{text.asked}</Paragraph>
      <ActionButton href={shopLink(context, data.resetPath)}>{text.choose}</ActionButton>
      <Paragraph>{text.validUntil(formatDateTime(data.expiresAt))}</Paragraph>
      <Paragraph>{text.notYou}</Paragraph>
      <SignOff />
    </>
  ),
};
