import { emailContactConfirmation as text } from "@/src/lib/messages";
import { QuestionAbout, QuotedQuestion } from "./contact-question";
import { Greeting, Paragraph, SignOff } from "./layout";
import type { EmailTemplate } from "./template";

/** To the sender of a question (issue 43 item 2): received, its reference, what happens next, a copy. */
export const contactConfirmation: EmailTemplate<"contact-confirmation"> = {
  subject: (data) => text.subject(data.reference),
  preview: () => text.preview,
  heading: () => text.heading,
  Body: ({ data }) => (
    <>
      <Greeting firstName={data.name} />
      <Paragraph>{text.received(data.reference)}</Paragraph>
      <Paragraph>{text.next}</Paragraph>
      <QuestionAbout subject={data.subject} ticketOrOrderNumber={data.ticketOrOrderNumber} />
      <Paragraph>{text.copy}</Paragraph>
      <QuotedQuestion message={data.message} />
      <Paragraph>{text.notYou}</Paragraph>
      <SignOff />
    </>
  ),
};
