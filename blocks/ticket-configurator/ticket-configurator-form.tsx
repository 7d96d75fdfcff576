import { type FormEvent, type ReactNode, useEffect, useId, useState } from "react";
import { flushSync } from "react-dom";
import { Link } from "react-router";
import { ApiError } from "@/src/api/client/api-error";
import { createLatestOnly } from "@/src/api/client/latest-only";
import { type PriceDetails, type SaleDraw, verifyConfiguredTicket } from "@/src/api/contract/tickets";
import { ApiProvider, useApiClients } from "@/src/app/api-context";
import {
  END_DIGIT_COUNT,
  FRACTION_LABELS,
  type Fraction,
  PRODUCT_LABELS,
  PRODUCT_TYPES,
  type ProductType,
} from "@/src/domain/tickets/catalogue";
import { addToBasket } from "@/src/features/basket/basket-store";
import { formatDate, formatDateTime, formatEuroCents } from "@/src/lib/format";
import { general, ticketConfigurator as text } from "@/src/lib/messages";
import {
  type DigitCount,
  drawInForce,
  endDigitsInputName,
  endDigitsPayload,
  fieldErrorsByInput,
  findPriceLine,
  fractionInForce,
  openDraws,
  parseQuantity,
  priceSummary,
  toEndDigitsPair,
} from "./configurator-model";
import { useClientNow } from "./use-client-now";

export type TicketConfiguratorProps = {
  /** The page id the shop API prices and verifies tickets for (spec section 7). */
  pageId: string;
  details: PriceDetails;
  title?: string;
  /** Sell this draw only (a player adding a ticket to a given draw from /mijn). */
  lockedDrawId?: number;
};

/**
 * Choose and add classic tickets to the basket (spec sections 1, 3, 5 and 9). Renders on the server
 * from the price details; on submit the server verifies the ticket and prices it, then the basket
 * store adds it.
 */
export function TicketConfigurator(props: TicketConfiguratorProps) {
  return (
    <ApiProvider>
      <ConfiguratorForm {...props} />
    </ApiProvider>
  );
}

/** Said when the draw a player came for no longer sells tickets, with the way to the draws that do. */
export function DrawNotOnSale() {
  return (
    <p>
      {text.drawNotOnSale}. <Link to="/loten">{text.toTicketsPage}</Link>
    </p>
  );
}

type Errors = Readonly<Record<string, string>>;

function ConfiguratorForm({ pageId, details, title, lockedDrawId }: TicketConfiguratorProps) {
  const id = useId();
  const { shop } = useApiClients();
  const now = useClientNow();
  // Spec section 5: a verify call cancels the one still in flight; leaving the page cancels it too.
  const [latest] = useState(createLatestOnly);
  useEffect(() => () => latest.cancel(), [latest]);

  const [drawId, setDrawId] = useState<number | undefined>(lockedDrawId);
  const [productType, setProductType] = useState<ProductType>("SingleTicket");
  const [fractionChoice, setFractionChoice] = useState<Fraction>("WHOLE");
  const [withXl, setWithXl] = useState(false);
  const [quantityText, setQuantityText] = useState("1");
  /** The last valid quantity: the end-digit rows and the price follow it while the input is being edited. */
  const [quantity, setQuantity] = useState(1);
  const [multiplier, setMultiplier] = useState(details.multipliers[0] ?? 1);
  // Kept per digit count, so switching between a street and a single ticket loses no input.
  const [digits, setDigits] = useState<Record<DigitCount, string[]>>({ 1: [], 2: [] });
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string>();
  const [pending, setPending] = useState(false);
  const [added, setAdded] = useState(false);

  const offered = openDraws(details.draws, now).filter(
    (draw) => lockedDrawId === undefined || draw.drawId === lockedDrawId,
  );
  const draw = drawInForce(offered, drawId);
  const heading = title ? <h2 id={`${id}-title`}>{title}</h2> : null;
  if (!draw) {
    return (
      <div className="ticket-configurator">
        {heading}
        {lockedDrawId === undefined ? <p>{text.noDraws}</p> : <DrawNotOnSale />}
      </div>
    );
  }

  const fraction = fractionInForce(draw, fractionChoice);
  const digitCount = END_DIGIT_COUNT[productType];
  const digitValues = digits[digitCount];
  const line = findPriceLine(draw, productType, fraction);
  const summary = line ? priceSummary(line, { withXl, quantity, multiplier }) : undefined;
  const noun = text.productNoun[productType];
  const maxQuantity = details.maxQuantity;

  const clientErrors: Record<string, string> = {};
  if (parseQuantity(quantityText, maxQuantity) === undefined)
    clientErrors.quantity = text.quantityError(maxQuantity);
  for (let index = 0; index < quantity; index++) {
    if (!toEndDigitsPair(digitValues[index] ?? "", digitCount))
      clientErrors[endDigitsInputName(index)] =
        digitCount === 1 ? text.endDigitStreetError : text.endDigitsError;
  }
  const errorOf = (name: string): string | undefined =>
    ((submitted || touched.has(name)) && clientErrors[name]) || serverErrors[name];
  const errorId = (name: string) => `${id}-${name}-error`;
  const touch = (name: string) => () => setTouched((before) => new Set(before).add(name));
  /** Any change makes the server's verdict and the last confirmation stale. */
  const changed = () => {
    setServerErrors({});
    setFormError(undefined);
    setAdded(false);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const checkedQuantity = parseQuantity(quantityText, maxQuantity);
    const endDigits =
      checkedQuantity === undefined ? undefined : endDigitsPayload(digitValues, checkedQuantity, digitCount);
    if (checkedQuantity === undefined || endDigits === undefined || !line) {
      flushSync(() => {
        setSubmitted(true);
        changed();
      });
      focusFirstError(form, Object.keys(clientErrors));
      return;
    }
    setPending(true);
    changed();
    try {
      const { ticket } = await latest((signal) =>
        shop.call(verifyConfiguredTicket, {
          params: { pageId },
          body: {
            drawId: draw.drawId,
            productType,
            fraction,
            withXl,
            quantity: checkedQuantity,
            multiplier,
            endDigits,
            isUpsell: false,
          },
          signal,
        }),
      );
      // "overLimit": the basket store shows the error flash itself and changes nothing.
      setAdded(addToBasket(ticket) === "added");
      setPending(false);
    } catch (error) {
      if (error instanceof ApiError && error.aborted) return;
      const { byInput, unmatched } = fieldErrorsByInput(error instanceof ApiError ? error.fieldErrors : {});
      // A locked draw has no input to show its error at (e.g. sales closed meanwhile): the alert says it.
      const lockedDrawError = lockedDrawId === undefined ? undefined : byInput.drawId;
      const matched = Object.keys(byInput).filter(
        (name) => lockedDrawError === undefined || name !== "drawId",
      );
      flushSync(() => {
        setPending(false);
        setServerErrors(byInput);
        // A field error says it all; anything else (or nothing) gets the call's Dutch message.
        if (lockedDrawError) setFormError(lockedDrawError);
        else if (matched.length === 0 || unmatched.length > 0)
          setFormError(error instanceof ApiError ? error.message : general.generic);
      });
      focusFirstError(form, matched);
    }
  };

  const fieldError = (name: string) => {
    const message = errorOf(name);
    return message ? (
      <p id={errorId(name)} className="form-field__error">
        {message}
      </p>
    ) : null;
  };
  const describedBy = (...ids: Array<string | false | undefined>) =>
    ids.filter(Boolean).join(" ") || undefined;

  return (
    <div className="ticket-configurator">
      {heading}
      <form
        className="portal-form ticket-configurator__form"
        aria-labelledby={title ? `${id}-title` : undefined}
        aria-label={title ? undefined : text.formLabel}
        onSubmit={onSubmit}
        noValidate
      >
        {formError ? (
          <p className="form-error" role="alert">
            {formError}
          </p>
        ) : null}

        {lockedDrawId === undefined ? (
          <ChoiceGroup
            legend={text.drawLegend}
            error={fieldError("drawId")}
            errorId={errorOf("drawId") && errorId("drawId")}
          >
            {offered.map((option) => (
              <Choice
                key={option.drawId}
                id={`${id}-draw-${option.drawId}`}
                name="drawId"
                value={String(option.drawId)}
                checked={option.drawId === draw.drawId}
                onChange={() => {
                  setDrawId(option.drawId);
                  changed();
                }}
                label={option.name}
                hint={drawWhen(option)}
              />
            ))}
          </ChoiceGroup>
        ) : (
          <div className="form-field">
            <p>
              <strong>{text.drawLegend}:</strong> {draw.name}
            </p>
            <p className="form-field__hint">{drawWhen(draw)}</p>
          </div>
        )}

        <ChoiceGroup
          legend={text.productLegend}
          error={fieldError("productType")}
          errorId={errorOf("productType") && errorId("productType")}
        >
          {PRODUCT_TYPES.map((option) => (
            <Choice
              key={option}
              id={`${id}-product-${option}`}
              name="productType"
              value={option}
              checked={option === productType}
              onChange={() => {
                setProductType(option);
                changed();
              }}
              label={PRODUCT_LABELS[option]}
            />
          ))}
        </ChoiceGroup>

        <ChoiceGroup
          legend={text.fractionLegend}
          error={fieldError("fraction")}
          errorId={errorOf("fraction") && errorId("fraction")}
        >
          {draw.fractions.map((option) => {
            const price = findPriceLine(draw, productType, option)?.pricePerTicketInCents;
            return (
              <Choice
                key={option}
                id={`${id}-fraction-${option}`}
                name="fraction"
                value={option}
                checked={option === fraction}
                onChange={() => {
                  setFractionChoice(option);
                  changed();
                }}
                label={
                  price === undefined
                    ? FRACTION_LABELS[option]
                    : text.optionPrice(FRACTION_LABELS[option], formatEuroCents(price))
                }
              />
            );
          })}
        </ChoiceGroup>

        {summary ? (
          <div className="form-field form-field--checkbox">
            <input
              type="checkbox"
              id={`${id}-xl`}
              name="withXl"
              checked={withXl}
              onChange={(event) => {
                setWithXl(event.currentTarget.checked);
                changed();
              }}
              aria-invalid={errorOf("withXl") ? true : undefined}
              aria-describedby={describedBy(`${id}-xl-hint`, errorOf("withXl") && errorId("withXl"))}
            />
            <div>
              <label htmlFor={`${id}-xl`}>
                {text.xlLabel(formatEuroCents(summary.xlExtraInCents), noun)}
              </label>
              <p id={`${id}-xl-hint`} className="form-field__hint">
                {text.xlHint}
              </p>
              {fieldError("withXl")}
            </div>
          </div>
        ) : null}

        <div className="form-row">
          <div className="form-field">
            <label htmlFor={`${id}-quantity`}>{text.quantityLabel}</label>
            <input
              id={`${id}-quantity`}
              name="quantity"
              type="number"
              inputMode="numeric"
              min={1}
              max={maxQuantity}
              step={1}
              value={quantityText}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setQuantityText(value);
                const parsed = parseQuantity(value, maxQuantity);
                if (parsed !== undefined) setQuantity(parsed);
                changed();
              }}
              onBlur={touch("quantity")}
              aria-invalid={errorOf("quantity") ? true : undefined}
              aria-describedby={describedBy(errorOf("quantity") && errorId("quantity"))}
            />
            {fieldError("quantity")}
          </div>
          <div className="form-field">
            <label htmlFor={`${id}-multiplier`}>{text.multiplierLabel}</label>
            <select
              id={`${id}-multiplier`}
              name="multiplier"
              value={multiplier}
              onChange={(event) => {
                setMultiplier(Number(event.currentTarget.value));
                changed();
              }}
              aria-invalid={errorOf("multiplier") ? true : undefined}
              aria-describedby={describedBy(
                `${id}-multiplier-hint`,
                errorOf("multiplier") && errorId("multiplier"),
              )}
            >
              {details.multipliers.map((option) => (
                <option key={option} value={option}>
                  {text.multiplierOption(option)}
                </option>
              ))}
            </select>
            <p id={`${id}-multiplier-hint`} className="form-field__hint">
              {text.multiplierHint}
            </p>
            {fieldError("multiplier")}
          </div>
        </div>

        <fieldset
          className="ticket-configurator__end-digits"
          aria-describedby={describedBy(`${id}-digits-hint`, errorOf("endDigits") && errorId("endDigits"))}
        >
          <legend>{text.endDigitsLegend}</legend>
          <p id={`${id}-digits-hint`} className="form-field__hint">
            {text.endDigitsHint}
          </p>
          {fieldError("endDigits")}
          <div className="form-row">
            {Array.from({ length: quantity }, (_, index) => {
              const name = endDigitsInputName(index);
              const inputId = `${id}-digits-${digitCount}-${index}`;
              return (
                <div className="form-field" key={inputId}>
                  <label htmlFor={inputId}>
                    {digitCount === 1 ? text.endDigitLabel(index + 1) : text.endDigitsLabel(index + 1)}
                  </label>
                  <input
                    id={inputId}
                    name={name}
                    type="text"
                    inputMode="numeric"
                    autoComplete="off"
                    maxLength={digitCount}
                    size={3}
                    value={digitValues[index] ?? ""}
                    onChange={(event) => {
                      const value = event.currentTarget.value;
                      setDigits((before) => {
                        const next = [...before[digitCount]];
                        next[index] = value;
                        return { ...before, [digitCount]: next };
                      });
                      changed();
                    }}
                    onBlur={touch(name)}
                    aria-invalid={errorOf(name) ? true : undefined}
                    aria-describedby={describedBy(errorOf(name) && errorId(name))}
                  />
                  {fieldError(name)}
                </div>
              );
            })}
          </div>
        </fieldset>

        <div
          className="ticket-configurator__summary"
          role="status"
          aria-label={text.summaryTitle}
          aria-atomic="true"
        >
          {summary ? (
            <dl className="details">
              <dt>{text.pricePer(noun)}</dt>
              <dd>{formatEuroCents(summary.pricePerTicketInCents)}</dd>
              <dt>{text.units}</dt>
              <dd>{summary.units}</dd>
              <dt>{text.total}</dt>
              <dd>{formatEuroCents(summary.totalInCents)}</dd>
            </dl>
          ) : null}
        </div>

        <div className="portal-form__actions">
          <button type="submit" className="button" disabled={pending || !summary}>
            {text.submit}
          </button>
        </div>
        <div className="ticket-configurator__status" role="status">
          {pending ? text.pending : null}
          {added ? (
            <>
              {text.added} <Link to="/winkelmandje">{text.toBasket}</Link>
            </>
          ) : null}
        </div>
      </form>
    </div>
  );
}

function drawWhen(draw: SaleDraw): string {
  return `${text.drawDate(formatDate(draw.drawDate))}, ${text.salesClose(formatDateTime(draw.salesCloseDateTime))}`;
}

/** Radios under one legend; a server error on the group is read out with the group. */
function ChoiceGroup({
  legend,
  error,
  errorId,
  children,
}: {
  legend: string;
  error: ReactNode;
  errorId: string | false | undefined;
  children: ReactNode;
}) {
  return (
    <fieldset aria-describedby={errorId || undefined}>
      <legend>{legend}</legend>
      {children}
      {error}
    </fieldset>
  );
}

function Choice({
  id,
  name,
  value,
  checked,
  onChange,
  label,
  hint,
}: {
  id: string;
  name: string;
  value: string;
  checked: boolean;
  onChange: () => void;
  label: string;
  hint?: string;
}) {
  return (
    <div className="form-field form-field--checkbox">
      <input
        type="radio"
        id={id}
        name={name}
        value={value}
        checked={checked}
        onChange={onChange}
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      <div>
        <label htmlFor={id}>{label}</label>
        {hint ? (
          <p id={`${id}-hint`} className="form-field__hint">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** Moves focus to the first input (in form order) that has an error, so it is read out with its message. */
function focusFirstError(form: HTMLFormElement, names: readonly string[]): void {
  if (names.length === 0) return;
  const target = Array.from(form.elements).find((element): element is HTMLInputElement => {
    const name = (element as HTMLInputElement).name;
    return Boolean(name) && names.some((wanted) => name === wanted || name.startsWith(`${wanted}.`));
  });
  const radioChecked =
    target?.type === "radio"
      ? form.querySelector<HTMLInputElement>(`input[name="${target.name}"]:checked`)
      : null;
  (radioChecked ?? target)?.focus();
}
