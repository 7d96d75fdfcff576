import { formatEuroCents } from "@/src/lib/format";
import { emailPrize as text } from "@/src/lib/messages";
import { ActionButton, Greeting, Paragraph, SignOff } from "./layout";
import { type EmailTemplate, shopLink } from "./template";

export const prize: EmailTemplate<"prize"> = {
  subject: (data) => text.subject(data.drawName),
  preview: (data) => text.preview(data.drawName),
  heading: () => text.heading,
  Body: ({ data, context }) => (
    <>
      <Greeting firstName={data.firstName} />
      <Paragraph>{text.won(data.tickets, data.drawName)}</Paragraph>
      {data.creditedCents > 0 ? (
        <Paragraph>{text.credited(formatEuroCents(data.creditedCents))}</Paragraph>
      ) : null}
      {data.claimCents > 0 ? <Paragraph>{text.claim(formatEuroCents(data.claimCents))}</Paragraph> : null}
      {data.creditedCents > 0 ? (
        <ActionButton href={shopLink(context, "/mijn/saldo")}>{text.toMyWallet}</ActionButton>
      ) : (
        <ActionButton href={shopLink(context, "/mijn/loten")}>{text.toMyTickets}</ActionButton>
      )}
      <SignOff closing={text.closing} />
    </>
  ),
};
