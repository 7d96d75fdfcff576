import { formatDate } from "@/src/lib/format";
import { emailGameInvitation as text } from "@/src/lib/messages";
import { ActionButton, Greeting, Paragraph, SignOff } from "./layout";
import { type EmailTemplate, shopLink } from "./template";

/** Marketing: the layout adds the unsubscribe link (List-Unsubscribe is the sender's). */
export const gameInvitation: EmailTemplate<"game-invitation"> = {
  subject: (data) => text.subject(data.gameTitle),
  preview: (data) => text.preview(data.prize),
  heading: (data) => text.heading(data.gameTitle),
  Body: ({ data, context }) => (
    <>
      <Greeting firstName={data.firstName} />
      <Paragraph>
        <strong>{text.prize(data.prize)}</strong>
      </Paragraph>
      <Paragraph>{text.invite(data.tickets, data.gameTitle)}</Paragraph>
      <Paragraph>{text.until(formatDate(data.endsOn))}</Paragraph>
      <ActionButton href={shopLink(context, data.entryPath)}>{text.enter}</ActionButton>
      <SignOff />
    </>
  ),
};
