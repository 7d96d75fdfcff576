import { emailGameWinner as text } from "@/src/lib/messages";
import { Greeting, Paragraph, SignOff } from "./layout";
import type { EmailTemplate } from "./template";

export const gameWinner: EmailTemplate<"game-winner"> = {
  subject: (data) => text.subject(data.gameTitle),
  preview: (data) => text.preview(data.prize),
  heading: () => text.heading,
  Body: ({ data }) => (
    <>
      <Greeting firstName={data.firstName} />
      <Paragraph>{text.won(data.prize, data.ticketNumber)}</Paragraph>
      <Paragraph>{text.contact}</Paragraph>
      <SignOff />
    </>
  ),
};
