import { formatEuroCents } from "@/src/lib/format";
import { emailWithdrawal as text } from "@/src/lib/messages";
import { ActionButton, Greeting, Paragraph, SignOff } from "./layout";
import { type EmailTemplate, shopLink } from "./template";

export const withdrawal: EmailTemplate<"withdrawal"> = {
  subject: () => text.subject,
  preview: (data) => text.preview(formatEuroCents(data.amountCents)),
  heading: () => text.heading,
  Body: ({ data, context }) => (
    <>
      <Greeting firstName={data.firstName} />
      <Paragraph>{text.withdrawn(formatEuroCents(data.amountCents), data.ibanMasked)}</Paragraph>
      <ActionButton href={shopLink(context, "/mijn/saldo")}>{text.toMyWallet}</ActionButton>
      <Paragraph>{text.notYou}</Paragraph>
      <SignOff />
    </>
  ),
};
