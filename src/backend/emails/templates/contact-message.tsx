import { emailContactMessage as text } from "@/src/lib/messages";
import { QuestionAbout, QuotedQuestion } from "./contact-question";
import { Paragraph } from "./layout";
import type { EmailTemplate } from "./template";

/**
 * A question to customer service's address (issue 43 item 2): who asked, about what, and the question;
 * replying answers the sender (Reply-To).
 */
export const contactMessage: EmailTemplate<"contact-message"> = {
  subject: (data) => text.subject(data.reference, data.subject),
  preview: (data) => text.preview(data.name),
  heading: (data) => text.heading(data.reference),
  replyTo: (data) => data.email,
  Body: ({ data }) => (
    <>
      <Paragraph>
        {text.from(data.name, data.email)}
        <br />
        {data.customerNumber ? text.player(data.customerNumber) : text.visitor}
      </Paragraph>
      <QuestionAbout subject={data.subject} ticketOrOrderNumber={data.ticketOrOrderNumber} />
      <Paragraph>{text.question}</Paragraph>
      <QuotedQuestion message={data.message} />
      <Paragraph>{text.replyTo}</Paragraph>
    </>
  ),
};
