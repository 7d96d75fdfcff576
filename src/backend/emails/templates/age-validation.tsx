import { emailAgeValidation as text } from "@/src/lib/messages";
import { ActionButton, Greeting, Paragraph, SignOff } from "./layout";
import { type EmailTemplate, shopLink } from "./template";

/** Where each outcome's button goes: a failed check is started again from its page on Mijn Kroonloterij. */
const ACTION_PATHS = {
  validated: "/mijn",
  flagged: "/mijn",
  failed: "/mijn/leeftijdscontrole",
  underage: "/",
} as const;

export const ageValidation: EmailTemplate<"age-validation"> = {
  subject: (data) => text[data.outcome].subject,
  preview: (data) => text[data.outcome].body[0],
  heading: (data) => text[data.outcome].heading,
  Body: ({ data, context }) => (
    <>
      <Greeting firstName={data.firstName} />
      {text[data.outcome].body.map((sentence) => (
        <Paragraph key={sentence}>{sentence}</Paragraph>
      ))}
      <ActionButton href={shopLink(context, ACTION_PATHS[data.outcome])}>
        {text[data.outcome].action}
      </ActionButton>
      <SignOff />
    </>
  ),
};
