import { formatEuroCents } from "@/src/lib/format";
import { emailCollectionFailed as text } from "@/src/lib/messages";
import { ActionButton, Greeting, Paragraph, SignOff } from "./layout";
import { type EmailTemplate, shopLink } from "./template";

export const collectionFailed: EmailTemplate<"collection-failed"> = {
  subject: () => text.subject,
  preview: (data) => text.preview(formatEuroCents(data.amountCents)),
  heading: () => text.heading,
  Body: ({ data, context }) => (
    <>
      <Greeting firstName={data.firstName} />
      <Paragraph>
        {text.failed(formatEuroCents(data.amountCents), data.drawName, data.subscriptionId)}
      </Paragraph>
      <Paragraph>{text.payNow}</Paragraph>
      <ActionButton href={shopLink(context, data.payPath)}>{text.pay}</ActionButton>
      <SignOff />
    </>
  ),
};
