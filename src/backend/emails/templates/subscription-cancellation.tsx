import { formatDate } from "@/src/lib/format";
import { emailSubscriptionCancellation as text } from "@/src/lib/messages";
import { BulletList, Greeting, Paragraph, SignOff } from "./layout";
import type { EmailTemplate } from "./template";

export const subscriptionCancellation: EmailTemplate<"subscription-cancellation"> = {
  subject: () => text.subject,
  preview: (data) => text.preview(data.subscriptionId),
  heading: () => text.heading,
  Body: ({ data }) => (
    <>
      <Greeting firstName={data.firstName} />
      {data.whole ? (
        <Paragraph>{text.whole(data.subscriptionId)}</Paragraph>
      ) : (
        <>
          <Paragraph>{text.items(data.subscriptionId)}</Paragraph>
          <BulletList items={data.items} />
        </>
      )}
      <Paragraph>
        {data.lastDraw
          ? text.lastTime(text.lastDraw(data.lastDraw.name, formatDate(data.lastDraw.date)), data.whole)
          : text.noMore}
      </Paragraph>
      <Paragraph>{text.goodbye}</Paragraph>
      <SignOff />
    </>
  ),
};
