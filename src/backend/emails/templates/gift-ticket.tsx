import { Text } from "@react-email/components";
import { FRACTION_LABELS } from "@/src/domain/tickets/catalogue";
import { formatDate } from "@/src/lib/format";
import { emailGiftTicket as text } from "@/src/lib/messages";
import { ActionButton, Paragraph, SignOff, THEME } from "./layout";
import { type EmailTemplate, shopLink } from "./template";

export const giftTicket: EmailTemplate<"gift-ticket"> = {
  subject: (data) => text.subject(data.giverName),
  preview: (data) => text.preview(data.giverName, data.draw.name),
  heading: () => text.heading,
  Body: ({ data, context }) => (
    <>
      <Paragraph>{text.greeting(data.recipientName)}</Paragraph>
      <Paragraph>
        {text.intro(
          data.giverName,
          FRACTION_LABELS[data.fraction].toLowerCase(),
          text.draw(data.draw.name, formatDate(data.draw.date)),
        )}
      </Paragraph>
      {data.message ? (
        <>
          <Paragraph>{text.messageFrom(data.giverName)}</Paragraph>
          <Text
            style={{
              borderLeft: `4px solid ${THEME.accent}`,
              fontSize: "16px",
              fontStyle: "italic",
              lineHeight: "24px",
              margin: "0 0 16px",
              paddingLeft: "12px",
            }}
          >
            {data.message}
          </Text>
        </>
      ) : null}
      <Paragraph>
        <strong>{text.code(data.code)}</strong>
      </Paragraph>
      <Paragraph>{text.howToRedeem}</Paragraph>
      <ActionButton href={shopLink(context, data.redeemPath)}>{text.redeem}</ActionButton>
      <SignOff closing={text.goodLuck} />
    </>
  ),
};
