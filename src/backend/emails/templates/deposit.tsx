import { formatEuroCents } from "@/src/lib/format";
import { emailDeposit as text } from "@/src/lib/messages";
import { ActionButton, Greeting, Paragraph, SignOff } from "./layout";
import { type EmailTemplate, shopLink } from "./template";

export const deposit: EmailTemplate<"deposit"> = {
  subject: () => text.subject,
  preview: (data) => text.preview(formatEuroCents(data.amountCents), formatEuroCents(data.balanceCents)),
  heading: () => text.heading,
  Body: ({ data, context }) => (
    <>
      <Greeting firstName={data.firstName} />
      <Paragraph>
        {text.deposited(formatEuroCents(data.amountCents))} {text.balance(formatEuroCents(data.balanceCents))}
      </Paragraph>
      <Paragraph>{text.use}</Paragraph>
      <ActionButton href={shopLink(context, "/mijn/saldo")}>{text.toMyWallet}</ActionButton>
      <Paragraph>{text.notYou}</Paragraph>
      <SignOff />
    </>
  ),
};
