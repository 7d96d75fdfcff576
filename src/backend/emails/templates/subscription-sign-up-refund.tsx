import { formatEuroCents } from "@/src/lib/format";
import { emailSignUpRefund as text } from "@/src/lib/messages";
import { ActionButton, Greeting, Paragraph, SignOff } from "./layout";
import { type EmailTemplate, shopLink } from "./template";

export const subscriptionSignUpRefund: EmailTemplate<"subscription-sign-up-refund"> = {
  subject: () => text.subject,
  preview: (data) => text.preview(formatEuroCents(data.amountCents)),
  heading: () => text.heading,
  Body: ({ data, context }) => (
    <>
      <Greeting firstName={data.firstName} />
      <Paragraph>{text.refunded(formatEuroCents(data.amountCents))}</Paragraph>
      <Paragraph>{text.walletUse}</Paragraph>
      <ActionButton href={shopLink(context, "/mijn/saldo")}>{text.toMyWallet}</ActionButton>
      <SignOff />
    </>
  ),
};
