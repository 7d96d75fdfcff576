import { formatDate, formatEuroCents } from "@/src/lib/format";
import { emailGiftOrderConfirmation as text } from "@/src/lib/messages";
import { Greeting, Paragraph, SignOff } from "./layout";
import type { EmailTemplate } from "./template";

export const giftOrderConfirmation: EmailTemplate<"gift-order-confirmation"> = {
  subject: () => text.subject,
  preview: (data) => text.preview(data.recipientName, formatDate(data.sendOn)),
  heading: () => text.heading,
  Body: ({ data }) => (
    <>
      <Greeting firstName={data.firstName} />
      <Paragraph>
        {text.intro(
          formatEuroCents(data.totalCents),
          data.ticketNumber,
          text.draw(data.draw.name, formatDate(data.draw.date)),
        )}
      </Paragraph>
      <Paragraph>{text.delivery(formatDate(data.sendOn), data.recipientName)}</Paragraph>
      <Paragraph>{text.prizeForRecipient}</Paragraph>
      <SignOff />
    </>
  ),
};
