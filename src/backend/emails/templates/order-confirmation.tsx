import { formatDate, formatEuroCents } from "@/src/lib/format";
import { emailOrderConfirmation as text } from "@/src/lib/messages";
import { ActionButton, Greeting, Paragraph, SignOff } from "./layout";
import { type EmailTemplate, shopLink } from "./template";

export const orderConfirmation: EmailTemplate<"order-confirmation"> = {
  subject: () => text.subject,
  preview: (data) => text.preview(formatEuroCents(data.totalCents)),
  heading: () => text.heading,
  Body: ({ data, context }) => (
    <>
      <Greeting firstName={data.firstName} />
      <Paragraph>{text.intro(formatEuroCents(data.totalCents))}</Paragraph>
      {data.draws.map((draw) => (
        <Paragraph key={`${draw.name} ${draw.date}`}>
          <strong>{text.draw(draw.name, formatDate(draw.date))}</strong>
          <br />
          {text.numbers(draw.numbers)}
        </Paragraph>
      ))}
      <Paragraph>{text.findThem}</Paragraph>
      <ActionButton href={shopLink(context, "/mijn/loten")}>{text.toMyTickets}</ActionButton>
      <SignOff />
    </>
  ),
};
