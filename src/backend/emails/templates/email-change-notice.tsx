import { formatDateTime } from "@/src/lib/format";
import { emailEmailChangeNotice as text } from "@/src/lib/messages";
import { ActionButton, Greeting, Paragraph, SignOff } from "./layout";
import { CUSTOMER_SERVICE_PATH } from "./password-changed";
import { type EmailTemplate, shopLink } from "./template";

export const emailChangeNotice: EmailTemplate<"email-change-notice"> = {
  subject: () => text.subject,
  preview: () => text.preview,
  heading: () => text.heading,
  Body: ({ data, context }) => (
    <>
      <Greeting firstName={data.firstName} />
      <Paragraph>{text.asked(formatDateTime(data.requestedAt), data.newEmailMasked)}</Paragraph>
      <Paragraph>{text.whenConfirmed}</Paragraph>
      <Paragraph>{text.notYou}</Paragraph>
      <ActionButton href={shopLink(context, CUSTOMER_SERVICE_PATH)}>{text.toCustomerService}</ActionButton>
      <SignOff />
    </>
  ),
};
