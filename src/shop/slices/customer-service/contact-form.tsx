import { type RefObject, useEffect, useRef } from "react";
import { CONTACT_LIMITS, CONTACT_SUBJECTS } from "@/src/domain/customer-service/contact-message";
import { contactFormPage as text } from "@/src/lib/messages";
import { ErrorSummary, summaryErrors } from "@/src/shop/components/error-summary";
import { describedBy, FieldError, type FieldErrors } from "@/src/shop/components/field-error";

/** Where the form posts; its action shows a refused question again and confirms an accepted one. */
export const CONTACT_FORM_PATH = "/klantenservice/bericht";

/** The form's fields; `/klantenservice/bericht`'s action reads them by these names (the API's too). */
export const CONTACT_FIELDS = {
  name: "name",
  email: "email",
  subject: "subject",
  ticketOrOrderNumber: "ticketOrOrderNumber",
  message: "message",
} as const;
type FieldName = keyof typeof CONTACT_FIELDS;

/** The inputs that show an error, in the form's order (the summary lists them so). */
const ERROR_ORDER: readonly FieldName[] = ["name", "email", "subject", "ticketOrOrderNumber", "message"];

/** What the player typed, shown again after a refusal. */
export type ContactFormValues = Partial<Record<FieldName, string>>;

/** The account's name and address of a logged-in player: the address is the one answered, not to change. */
export type ContactFormPlayer = { name: string; email: string };

const fieldId = (name: string) => `contact-${name}`;

/**
 * A question to customer service (issue 43 item 2): name, e-mail address, subject, an optional ticket or
 * order number and the question. A plain form that posts to `/klantenservice/bericht`: it works without
 * JavaScript. A logged-in player's name is filled in and the account's address, which is answered, shown
 * instead of asked.
 */
export function ContactForm({
  label,
  values = {},
  errors = {},
  formError,
  player,
}: {
  label: string;
  values?: ContactFormValues;
  errors?: Readonly<Record<string, string>>;
  formError?: string;
  player?: ContactFormPlayer;
}) {
  const fieldErrors: FieldErrors = {
    of: (name) => errors[name],
    idOf: (name) => (errors[name] ? `${fieldId(name)}-error` : undefined),
  };
  const typed = { ...values, ...(player ? { name: values.name || player.name } : {}) };
  const form = useRef<HTMLFormElement>(null);
  usePlayerFill(form, player);
  return (
    <form
      ref={form}
      method="post"
      action={CONTACT_FORM_PATH}
      className="portal-form contact-form"
      aria-label={label}
      noValidate
    >
      <ErrorSummary
        answer={errors}
        message={formError}
        errors={summaryErrors(errors, [], fieldId, ERROR_ORDER)}
      />
      <TextField
        name="name"
        label={text.nameLabel}
        value={typed.name}
        errors={fieldErrors}
        autoComplete="name"
      />
      {player ? (
        <p className="contact-form__account-email">{text.accountEmail(player.email)}</p>
      ) : (
        <TextField
          name="email"
          label={text.emailLabel}
          value={typed.email}
          errors={fieldErrors}
          type="email"
          autoComplete="email"
        />
      )}
      <SubjectField chosen={typed.subject} errors={fieldErrors} />
      <TextField
        name="ticketOrOrderNumber"
        label={text.ticketOrOrderNumberLabel}
        value={typed.ticketOrOrderNumber}
        errors={fieldErrors}
        autoComplete="off"
        hint={text.ticketOrOrderNumberHint}
      />
      <MessageField message={typed.message} errors={fieldErrors} />
      <div className="portal-form__actions">
        <button type="submit" className="button">
          {text.submit}
        </button>
      </div>
    </form>
  );
}

/**
 * A player known only after the form was shown (the shared page reads the player in the browser): the name
 * is filled in where nothing was typed yet; what was typed stays (issue 40).
 */
function usePlayerFill(form: RefObject<HTMLFormElement | null>, player: ContactFormPlayer | undefined) {
  const name = player?.name;
  useEffect(() => {
    const field = form.current?.elements.namedItem(CONTACT_FIELDS.name);
    if (name !== undefined && field instanceof HTMLInputElement && field.value === "") field.value = name;
  }, [form, name]);
}

const MAX_LENGTH: Record<"name" | "email" | "ticketOrOrderNumber", number> = {
  name: CONTACT_LIMITS.name,
  email: CONTACT_LIMITS.email,
  ticketOrOrderNumber: CONTACT_LIMITS.ticketOrOrderNumber,
};

function TextField({
  name,
  label,
  value,
  errors,
  type = "text",
  autoComplete,
  hint,
}: {
  name: "name" | "email" | "ticketOrOrderNumber";
  label: string;
  value: string | undefined;
  errors: FieldErrors;
  type?: string;
  autoComplete: string;
  hint?: string;
}) {
  const hintId = hint ? `${fieldId(name)}-hint` : undefined;
  return (
    <div className="form-field">
      <label htmlFor={fieldId(name)}>{label}</label>
      <input
        id={fieldId(name)}
        name={CONTACT_FIELDS[name]}
        type={type}
        autoComplete={autoComplete}
        maxLength={MAX_LENGTH[name]}
        defaultValue={value ?? ""}
        aria-invalid={errors.of(name) ? true : undefined}
        aria-describedby={describedBy(hintId, errors.idOf(name))}
      />
      {hint ? (
        <p id={hintId} className="form-field__hint">
          {hint}
        </p>
      ) : null}
      <FieldError errors={errors} name={name} />
    </div>
  );
}

/** The subjects as radio buttons: each label wraps on a phone and is chosen with one tap. */
function SubjectField({ chosen, errors }: { chosen: string | undefined; errors: FieldErrors }) {
  return (
    <fieldset className="form-field contact-form__subjects">
      <legend>{text.subjectLabel}</legend>
      {CONTACT_SUBJECTS.map((subject, index) => (
        <label key={subject}>
          <input
            id={index === 0 ? fieldId("subject") : undefined}
            type="radio"
            name={CONTACT_FIELDS.subject}
            value={subject}
            defaultChecked={chosen === subject}
            aria-invalid={errors.of("subject") ? true : undefined}
            aria-describedby={errors.idOf("subject")}
          />{" "}
          {text.subjects[subject]}
        </label>
      ))}
      <FieldError errors={errors} name="subject" />
    </fieldset>
  );
}

function MessageField({ message, errors }: { message: string | undefined; errors: FieldErrors }) {
  const hintId = `${fieldId("message")}-hint`;
  return (
    <div className="form-field">
      <label htmlFor={fieldId("message")}>{text.messageLabel}</label>
      <textarea
        id={fieldId("message")}
        name={CONTACT_FIELDS.message}
        rows={8}
        maxLength={CONTACT_LIMITS.messageMax}
        defaultValue={message ?? ""}
        aria-invalid={errors.of("message") ? true : undefined}
        aria-describedby={describedBy(hintId, errors.idOf("message"))}
      />
      <p id={hintId} className="form-field__hint">
        {text.messageHint}
      </p>
      <FieldError errors={errors} name="message" />
    </div>
  );
}
