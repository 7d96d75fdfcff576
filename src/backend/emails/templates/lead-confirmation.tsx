import { emailLeadConfirmation as text } from "@/src/lib/messages";
import { ActionButton, Greeting, Paragraph, SignOff } from "./layout";
import { type EmailTemplate, shopLink } from "./template";

export const leadConfirmation: EmailTemplate<"lead-confirmation"> = {
  subject: (data) => text.subject(data.promotionTitle),
  preview: () => text.preview,
  heading: () => text.heading,
  Body: ({ data, context }) => (
    <>
      <Greeting firstName={data.firstName} />
      <Paragraph>{text.signedUp(data.promotionTitle)}</Paragraph>
      <Paragraph>{text.confirmFirst}</Paragraph>
      <ActionButton href={shopLink(context, data.confirmPath)}>{text.confirm}</ActionButton>
      <Paragraph>{text.notYou}</Paragraph>
      <SignOff />
    </>
  ),
};
