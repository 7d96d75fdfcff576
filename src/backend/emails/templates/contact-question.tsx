import { Text } from "@react-email/components";
import { Fragment } from "react";
import { THEME } from "./layout";

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
