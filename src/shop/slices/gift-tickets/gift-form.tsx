import type { SaleDraw } from "@/src/contract/tickets";
import type { GiftFraction } from "@/src/domain/gift-tickets/gift-rules";
import { dutchDateInputValue } from "@/src/lib/dutch-date";
import { formatDate, formatEuroCents } from "@/src/lib/format";
import { giftPage as text } from "@/src/lib/messages";
import { ErrorSummary, summaryErrors } from "@/src/shop/components/error-summary";
import { FieldError, type FieldErrors } from "@/src/shop/components/field-error";

/** The form's fields; `/cadeau/geven`'s action reads them by these names. */
export const GIFT_FIELDS = {
  pageId: "pageId",
  storeId: "cadeau",
  drawId: "drawId",
  fraction: "fraction",
  recipientName: "recipientName",
  recipientEmail: "recipientEmail",
  message: "message",
  sendOn: "sendOn",
} as const;

/** The inputs that show an error, in the form's order (the summary lists them so). */
const ERROR_ORDER = ["drawId", "fraction", "recipientName", "recipientEmail", "message", "sendOn"] as const;

/** What the player filled in, shown again after a refusal. */
export type GiftFormValues = Partial<Record<keyof typeof GIFT_FIELDS, string>>;

/** The draws a gift can be for: those that sell a single ticket of a fraction the block offers. */
export function giftDraws(draws: readonly SaleDraw[], fractions: readonly GiftFraction[]): SaleDraw[] {
  return draws.filter((draw) => fractions.some((fraction) => draw.fractions.includes(fraction)));
}

function singlePrice(draw: SaleDraw | undefined, fraction: GiftFraction): number | undefined {
  return draw?.prices.find((price) => price.productType === "SingleTicket" && price.fraction === fraction)
    ?.pricePerTicketInCents;
}

/**
 * Giving a ticket (issue 17): the draw, whole or fifth, the recipient, a message and the day the e-mail goes
 * out. A plain form that posts to `/cadeau/geven`, which checks it with the shop, keeps it in the giver's
 * store and continues to payment (after the login when needed): it works without JavaScript.
 */
export function GiftForm({
  pageId,
  draws,
  fractions,
  values = {},
  errors = {},
  formError,
}: {
  pageId: string;
  draws: readonly SaleDraw[];
  fractions: readonly GiftFraction[];
  values?: GiftFormValues;
  errors?: Record<string, string>;
  formError?: string;
}) {
  const offered = giftDraws(draws, fractions);
  const fieldErrors: FieldErrors = {
    of: (name) => errors[name],
    idOf: (name) => (errors[name] ? `gift-${name}-error` : undefined),
  };
  if (offered.length === 0) return <p>{text.noDraws}</p>;
  const chosenDraw = offered.find((draw) => String(draw.drawId) === values.drawId) ?? offered[0];
  return (
    <form
      className="portal-form gift-form"
      method="post"
      action="/cadeau/geven"
      aria-label={text.giveTitle}
      noValidate
    >
      <input type="hidden" name={GIFT_FIELDS.pageId} value={pageId} />
      {values.storeId ? <input type="hidden" name={GIFT_FIELDS.storeId} value={values.storeId} /> : null}
      <ErrorSummary
        answer={errors}
        message={formError}
        errors={summaryErrors(errors, [], (name) => `gift-${name}`, ERROR_ORDER)}
      />
      <DrawField offered={offered} chosen={chosenDraw} errors={fieldErrors} />
      <FractionField
        fractions={fractions}
        chosenDraw={chosenDraw}
        chosen={values.fraction}
        errors={fieldErrors}
      />
      <TextField
        name="recipientName"
        label={text.recipientNameLabel}
        values={values}
        errors={fieldErrors}
        autoComplete="off"
      />
      <TextField
        name="recipientEmail"
        label={text.recipientEmailLabel}
        values={values}
        errors={fieldErrors}
        type="email"
        autoComplete="off"
      />
      <MessageField message={values.message} errors={fieldErrors} />
      <SendOnField sendOn={values.sendOn} errors={fieldErrors} />
      <div className="portal-form__actions">
        <button type="submit" className="button">
          {text.continue}
        </button>
      </div>
    </form>
  );
}

/**
 * The draw as radio buttons (issue 43): a draw's name and date need more room than a phone gives a select
 * ("Maandtrekking december 2026 (10 ..."); a radio's label wraps between words and is chosen with one tap.
 */
function DrawField({
  offered,
  chosen,
  errors,
}: {
  offered: readonly SaleDraw[];
  chosen: SaleDraw | undefined;
  errors: FieldErrors;
}) {
  return (
    <RadioChoices
      name="drawId"
      legend={text.drawLabel}
      className="gift-form__draws"
      errors={errors}
      choices={offered.map((draw) => ({
        value: String(draw.drawId),
        label: `${draw.name} (${formatDate(draw.drawDate)})`,
        checked: draw.drawId === chosen?.drawId,
      }))}
    />
  );
}

/** Whole or fifth, each with its price in the chosen draw; the first is chosen unless the player chose. */
function FractionField({
  fractions,
  chosenDraw,
  chosen,
  errors,
}: {
  fractions: readonly GiftFraction[];
  chosenDraw: SaleDraw | undefined;
  chosen: string | undefined;
  errors: FieldErrors;
}) {
  return (
    <RadioChoices
      name="fraction"
      legend={text.fractionLabel}
      errors={errors}
      choices={fractions.map((fraction, index) => {
        const price = singlePrice(chosenDraw, fraction);
        const label = fraction === "WHOLE" ? text.whole : text.fifth;
        return {
          value: fraction,
          label: label(price === undefined ? "" : formatEuroCents(price)),
          checked: chosen ? chosen === fraction : index === 0,
        };
      })}
    />
  );
}

/** One of the form's radio groups: its error at the group, the first radio where the summary's link goes. */
function RadioChoices({
  name,
  legend,
  className,
  errors,
  choices,
}: {
  name: "drawId" | "fraction";
  legend: string;
  className?: string;
  errors: FieldErrors;
  choices: readonly { value: string; label: string; checked: boolean }[];
}) {
  return (
    <fieldset className={className ? `form-field ${className}` : "form-field"}>
      <legend>{legend}</legend>
      {choices.map((choice, index) => (
        <label key={choice.value}>
          <input
            id={index === 0 ? `gift-${name}` : undefined}
            aria-invalid={invalid(errors, name)}
            aria-describedby={errors.idOf(name)}
            type="radio"
            name={GIFT_FIELDS[name]}
            value={choice.value}
            defaultChecked={choice.checked}
          />{" "}
          {choice.label}
        </label>
      ))}
      <FieldError errors={errors} name={name} />
    </fieldset>
  );
}

function MessageField({ message, errors }: { message: string | undefined; errors: FieldErrors }) {
  return (
    <div className="form-field">
      <label htmlFor="gift-message">{text.messageLabel}</label>
      <textarea
        id="gift-message"
        name={GIFT_FIELDS.message}
        rows={3}
        maxLength={300}
        defaultValue={message ?? ""}
        aria-invalid={invalid(errors, "message")}
        aria-describedby={errors.idOf("message")}
      />
      <FieldError errors={errors} name="message" />
    </div>
  );
}

function SendOnField({ sendOn, errors }: { sendOn: string | undefined; errors: FieldErrors }) {
  return (
    <div className="form-field">
      <label htmlFor="gift-sendOn">{text.sendOnLabel}</label>
      <input
        id="gift-sendOn"
        name={GIFT_FIELDS.sendOn}
        inputMode="numeric"
        autoComplete="off"
        defaultValue={dutchDateInputValue(sendOn)}
        aria-invalid={invalid(errors, "sendOn")}
        aria-describedby={["gift-sendOn-hint", errors.idOf("sendOn")].filter(Boolean).join(" ")}
      />
      <p id="gift-sendOn-hint" className="form-field__hint">
        {text.sendOnHint}
      </p>
      <FieldError errors={errors} name="sendOn" />
    </div>
  );
}

const invalid = (errors: FieldErrors, name: string) => (errors.of(name) ? true : undefined);

function TextField({
  name,
  label,
  values,
  errors,
  type = "text",
  autoComplete,
}: {
  name: "recipientName" | "recipientEmail";
  label: string;
  values: GiftFormValues;
  errors: FieldErrors;
  type?: string;
  autoComplete?: string;
}) {
  return (
    <div className="form-field">
      <label htmlFor={`gift-${name}`}>{label}</label>
      <input
        id={`gift-${name}`}
        name={name}
        type={type}
        autoComplete={autoComplete}
        defaultValue={values[name] ?? ""}
        aria-invalid={errors.of(name) ? true : undefined}
        aria-describedby={errors.idOf(name)}
      />
      <FieldError errors={errors} name={name} />
    </div>
  );
}

/** Redeeming a code: a plain form to `/cadeau/verzilveren`, which asks for the login first when needed. */
export function RedeemForm({ code = "" }: { code?: string }) {
  return (
    <form
      className="portal-form gift-redeem"
      method="get"
      action="/cadeau/verzilveren"
      aria-label={text.redeemTitle}
    >
      <h3>{text.redeemTitle}</h3>
      <p>{text.redeemIntro}</p>
      <div className="form-field">
        <label htmlFor="gift-code">{text.codeLabel}</label>
        <input id="gift-code" name="code" autoComplete="off" defaultValue={code} />
      </div>
      <div className="portal-form__actions">
        <button type="submit" className="button button--secondary">
          {text.redeem}
        </button>
      </div>
    </form>
  );
}
