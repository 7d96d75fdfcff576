import { formatDate, formatEuroCents } from "@/src/lib/format";
import { emailSubscriptionConfirmation as text } from "@/src/lib/messages";
import { ActionButton, BulletList, Greeting, Paragraph, SignOff } from "./layout";
import { type EmailTemplate, shopLink } from "./template";

export const subscriptionConfirmation: EmailTemplate<"subscription-confirmation"> = {
  subject: () => text.subject,
  preview: (data) => text.preview(formatEuroCents(data.monthlyCents)),
  heading: () => text.heading,
  Body: ({ data, context }) => (
    <>
      <Greeting firstName={data.firstName} />
      <Paragraph>
        {text.intro(
          data.startDraw ? text.startDraw(data.startDraw.name, formatDate(data.startDraw.date)) : null,
        )}
      </Paragraph>
      <BulletList
        items={data.items.map((item) => text.item(item.description, formatEuroCents(item.pricePerDrawCents)))}
      />
      <Paragraph>{text.subscriptionNumber(data.subscriptionId)}</Paragraph>
      <Paragraph>{data.months ? text.someMonths(data.months) : text.allMonths}</Paragraph>
      {data.promotion ? (
        <Paragraph>
          {text.promotion(data.promotion.label, data.promotion.draws, data.promotion.discountPercent)}
        </Paragraph>
      ) : null}
      <Paragraph>
        {text.amounts(formatEuroCents(data.monthlyCents), formatEuroCents(data.firstCents))}
      </Paragraph>
      {data.schedule.length > 0 ? (
        <>
          <Paragraph>{text.scheduleTitle}</Paragraph>
          <BulletList
            items={data.schedule.map((line) =>
              text.scheduleLine(
                line.name,
                formatDate(line.date),
                formatEuroCents(line.amountCents),
                line.trial,
              ),
            )}
          />
        </>
      ) : null}
      <Paragraph>
        {text.mandate({
          ibanMasked: data.ibanMasked,
          accountHolder: data.accountHolder,
          mandateId: data.mandateId,
          mandateDate: formatDate(data.mandateDate),
        })}
      </Paragraph>
      <Paragraph>{text.findIt}</Paragraph>
      <ActionButton href={shopLink(context, data.subscriptionsPath)}>{text.toMySubscriptions}</ActionButton>
      <SignOff />
    </>
  ),
};
