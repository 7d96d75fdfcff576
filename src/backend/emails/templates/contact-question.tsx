import { Text } from "@react-email/components";
import { Fragment } from "react";
import { emailContactQuestion as text } from "@/src/lib/messages";
import { Paragraph, THEME } from "./layout";

/**
 * A question as its sender typed it, quoted, its lines kept (issue 43 item 2). Text only: React escapes
 * every character, so markup in a question arrives as the characters typed, never as HTML.
 */
export function QuotedQuestion({ message }: { message: string }) {
  const lines = message.split("\n");
  return (
    <Text
      style={{
        borderLeft: `4px solid ${THEME.accent}`,
        fontSize: "16px",
        lineHeight: "24px",
        margin: "0 0 16px",
        paddingLeft: "12px",
        whiteSpace: "pre-wrap",
      }}
    >
      {lines.map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the question's lines, in order, never reordered
        <Fragment key={index}>
          {index > 0 ? <br /> : null}
          {line}
        </Fragment>
      ))}
    </Text>
  );
}

/** What a question is about: its subject, and the ticket or order it names, if any. */
export function QuestionAbout({
  subject,
  ticketOrOrderNumber,
}: {
  subject: string;
  ticketOrOrderNumber?: string | null;
}) {
  return (
    <Paragraph>
      {text.subjectLine(subject)}
      {ticketOrOrderNumber ? (
        <>
          <br />
          {text.ticketOrOrderNumber(ticketOrOrderNumber)}
        </>
      ) : null}
    </Paragraph>
  );
}
