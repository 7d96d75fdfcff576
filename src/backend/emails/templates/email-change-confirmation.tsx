import { formatDateTime } from "@/src/lib/format";
import { emailEmailChangeConfirmation as text } from "@/src/lib/messages";
import { ActionButton, Greeting, Paragraph, SignOff } from "./layout";
import { type EmailTemplate, shopLink } from "./template";

export const emailChangeConfirmation: EmailTemplate<"email-change-confirmation"> = {
  subject: () => text.subject,
  preview: () => text.preview,
  heading: () => text.heading,
  Body: ({ data, context }) => (
    <>
      <Greeting firstName={data.firstName} />
      <Paragraph>{text.asked(data.newEmail)}</Paragraph>
      <ActionButton href={shopLink(context, data.confirmPath)}>{text.confirm}</ActionButton>
      <Paragraph>{text.validUntil(formatDateTime(data.expiresAt))}</Paragraph>
      <Paragraph>{text.notYou}</Paragraph>
      <SignOff />
    </>
  ),
};
