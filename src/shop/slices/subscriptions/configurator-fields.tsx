import type { ReactNode } from "react";
import type { SubscriptionPriceDetails, SubscriptionProduct } from "@/src/contract/subscriptions";
import { ALL_MONTHS, SUBSCRIPTION_FRACTIONS } from "@/src/domain/subscriptions/plan";
import { FRACTION_LABELS, PRODUCT_LABELS, PRODUCT_TYPES } from "@/src/domain/tickets/catalogue";
import { formatEuroCents } from "@/src/lib/format";
import { subscriptionForm as text } from "@/src/lib/messages";
import { describedBy, FieldError, type FieldErrors } from "@/src/shop/components/field-error";
import { type ChoiceForm, endDigitInputName, endDigitsRowName, FIELD } from "./choice-form";

/** What every field of the form is given. */
type FieldProps = {
  idPrefix: string;
  form: ChoiceForm;
  errors: FieldErrors;
  change: (name: string, update: (form: ChoiceForm) => ChoiceForm) => void;
};

/** The product of the catalogue the choice names, when there is one. */
export function productOf(
  details: Pick<SubscriptionPriceDetails, "products">,
  form: Pick<ChoiceForm, "productType" | "fractionType">,
): SubscriptionProduct | undefined {
  return details.products.find(
    (product) => product.productType === form.productType && product.fractionType === form.fractionType,
  );
}

/** Radios or checkboxes under one legend; the group's error is read out with it. */
function Group({
  legend,
  name,
  errors,
  hintId,
  hint,
  className,
  children,
}: {
  legend: string;
  name: string;
  errors: FieldErrors;
  hintId?: string;
  hint?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <fieldset
      className={className}
      aria-describedby={describedBy(hint ? hintId : undefined, errors.idOf(name))}
    >
      <legend>{legend}</legend>
      {hint ? (
        <p id={hintId} className="form-field__hint">
          {hint}
        </p>
      ) : null}
      {children}
      <FieldError errors={errors} name={name} reserved />
    </fieldset>
  );
}

function Option({
  id,
  type,
  name,
  value,
  checked,
  onChange,
  label,
}: {
  id: string;
  type: "radio" | "checkbox";
  name: string;
  value: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
}) {
  return (
    <div className="form-field form-field--checkbox">
      <input
        type={type}
        id={id}
        name={name}
        value={value}
        checked={checked}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/** A single ticket, a street or a boulevard (spec section 3). */
export function ProductChoice({ idPrefix, form, errors, change }: FieldProps) {
  return (
    <Group legend={text.productLegend} name={FIELD.productType} errors={errors}>
      {PRODUCT_TYPES.map((option) => (
        <Option
          key={option}
          id={`${idPrefix}-product-${option}`}
          type="radio"
          name={FIELD.productType}
          value={option}
          checked={form.productType === option}
          onChange={() => change(FIELD.productType, (before) => ({ ...before, productType: option }))}
          label={PRODUCT_LABELS[option]}
        />
      ))}
    </Group>
  );
}

/** A whole ticket or a fifth, each with its price per draw for the chosen product. */
export function FractionChoice({
  details,
  idPrefix,
  form,
  errors,
  change,
}: FieldProps & { details: Pick<SubscriptionPriceDetails, "products"> }) {
  return (
    <Group legend={text.fractionLegend} name={FIELD.fractionType} errors={errors}>
      {SUBSCRIPTION_FRACTIONS.map((option) => {
        const product = productOf(details, { productType: form.productType, fractionType: option });
        return (
          <Option
            key={option}
            id={`${idPrefix}-fraction-${option}`}
            type="radio"
            name={FIELD.fractionType}
            value={option}
            checked={form.fractionType === option}
            onChange={() => change(FIELD.fractionType, (before) => ({ ...before, fractionType: option }))}
            label={
              product
                ? text.fractionOption(FRACTION_LABELS[option], formatEuroCents(product.pricePerDrawInCents))
                : FRACTION_LABELS[option]
            }
          />
        );
      })}
    </Group>
  );
}

/** A checkbox with its label, hint and error (XL, the fixed ticket number). */
function Toggle({
  id,
  name,
  value = "true",
  checked,
  onChange,
  label,
  hint,
  errors,
  reserved = true,
}: {
  id: string;
  name: string;
  /** What the form sends when it is checked. */
  value?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  hint: string;
  errors: FieldErrors;
  /** Keeps a line for its error (false when its group shows the error instead). */
  reserved?: boolean;
}) {
  return (
    <div className="form-field form-field--checkbox">
      <input
        type="checkbox"
        id={id}
        name={name}
        value={value}
        checked={checked}
        onChange={(event) => onChange(event.currentTarget.checked)}
        aria-invalid={errors.of(name) ? true : undefined}
        aria-describedby={describedBy(`${id}-hint`, errors.idOf(name))}
      />
      <div>
        <label htmlFor={id}>{label}</label>
        <p id={`${id}-hint`} className="form-field__hint">
          {hint}
        </p>
        <FieldError errors={errors} name={name} reserved={reserved} />
      </div>
    </div>
  );
}

export function XlOption({
  details,
  idPrefix,
  form,
  errors,
  change,
}: FieldProps & { details: Pick<SubscriptionPriceDetails, "products"> }) {
  const product = productOf(details, form);
  const extra = product ? product.pricePerDrawWithXlInCents - product.pricePerDrawInCents : undefined;
  return (
    <Toggle
      id={`${idPrefix}-xl`}
      name={FIELD.withXl}
      checked={form.withXl}
      onChange={(withXl) => change(FIELD.withXl, (before) => ({ ...before, withXl }))}
      label={extra === undefined ? text.xlLabelPlain : text.xlLabel(formatEuroCents(extra))}
      hint={text.xlHint}
      errors={errors}
    />
  );
}

export function FixedNumberOption({ idPrefix, form, errors, change }: FieldProps) {
  return (
    <Toggle
      id={`${idPrefix}-fixed`}
      name={FIELD.withFixedTicketNumber}
      checked={form.withFixedTicketNumber}
      onChange={(withFixedTicketNumber) =>
        change(FIELD.withFixedTicketNumber, (before) => ({ ...before, withFixedTicketNumber }))
      }
      label={text.fixedNumberLabel}
      hint={text.fixedNumberHint}
      errors={errors}
    />
  );
}

export function QuantityField({
  idPrefix,
  form,
  errors,
  change,
  maxQuantity,
  onBlur,
}: FieldProps & { maxQuantity: number; onBlur: () => void }) {
  const id = `${idPrefix}-quantity`;
  return (
    <div className="form-field">
      <label htmlFor={id}>{text.quantityLabel}</label>
      <input
        id={id}
        name={FIELD.quantity}
        type="number"
        inputMode="numeric"
        min={1}
        max={maxQuantity}
        step={1}
        value={form.quantityText}
        onChange={(event) => {
          const quantityText = event.currentTarget.value;
          change(FIELD.quantity, (before) => ({ ...before, quantityText }));
        }}
        onBlur={onBlur}
        aria-invalid={errors.of(FIELD.quantity) ? true : undefined}
        aria-describedby={describedBy(`${id}-hint`, errors.idOf(FIELD.quantity))}
      />
      <p id={`${id}-hint`} className="form-field__hint">
        {text.quantityHint(maxQuantity)}
      </p>
      <FieldError errors={errors} name={FIELD.quantity} reserved />
    </div>
  );
}

const DIGITS = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"];

/**
 * End digits, only for single tickets (spec section 3): per ticket its second-last and last digit, either
 * of which may be left to chance.
 */
export function EndDigitFields({
  idPrefix,
  form,
  errors,
  change,
  quantity,
}: FieldProps & { quantity: number }) {
  const setDigit = (ticket: number, position: 0 | 1, digit: string) =>
    change(endDigitsRowName(ticket), (before) => {
      const endDigits = Array.from(
        { length: Math.max(before.endDigits.length, ticket + 1) },
        (_, index): [string, string] => [...(before.endDigits[index] ?? ["", ""])] as [string, string],
      );
      endDigits[ticket]![position] = digit;
      return { ...before, endDigits };
    });
  return (
    <Group
      legend={text.endDigitsLegend}
      name={FIELD.endDigits}
      errors={errors}
      hint={text.endDigitsHint}
      hintId={`${idPrefix}-digits-hint`}
      className="subscription-configurator__end-digits"
    >
      {Array.from({ length: quantity }, (_, ticket) => {
        const row = endDigitsRowName(ticket);
        const pair = form.endDigits[ticket] ?? ["", ""];
        return (
          <fieldset
            key={row}
            className="subscription-configurator__digit-row"
            aria-describedby={errors.idOf(row)}
          >
            <legend>{text.endDigitsTicket(ticket + 1)}</legend>
            <div className="form-row">
              {([0, 1] as const).map((position) => {
                const id = `${idPrefix}-digit-${ticket}-${position}`;
                return (
                  <div className="form-field" key={position}>
                    <label htmlFor={id}>{position === 0 ? text.secondLastDigit : text.lastDigit}</label>
                    <select
                      id={id}
                      name={endDigitInputName(ticket, position)}
                      value={DIGITS.includes(pair[position]) ? pair[position] : ""}
                      onChange={(event) => setDigit(ticket, position, event.currentTarget.value)}
                      aria-invalid={errors.of(row) ? true : undefined}
                    >
                      <option value="">{text.randomDigit}</option>
                      {DIGITS.map((digit) => (
                        <option key={digit} value={digit}>
                          {digit}
                        </option>
                      ))}
                    </select>
                  </div>
                );
              })}
            </div>
            <FieldError errors={errors} name={row} reserved />
          </fieldset>
        );
      })}
    </Group>
  );
}

/** The months the subscription plays in: all by default, at least the minimum. */
export function MonthsChoice({
  idPrefix,
  form,
  errors,
  change,
  minMonths,
}: FieldProps & { minMonths: number }) {
  return (
    <Group
      legend={text.monthsLegend}
      name={FIELD.participatingMonths}
      errors={errors}
      hint={text.monthsHint(minMonths)}
      hintId={`${idPrefix}-months-hint`}
      className="subscription-configurator__months"
    >
      <div className="subscription-configurator__month-grid">
        {ALL_MONTHS.map((month) => {
          const value = String(month);
          return (
            <Option
              key={month}
              id={`${idPrefix}-month-${month}`}
              type="checkbox"
              name={FIELD.participatingMonths}
              value={value}
              checked={form.months.includes(value)}
              onChange={(checked) =>
                change(FIELD.participatingMonths, (before) => ({
                  ...before,
                  months: checked
                    ? ALL_MONTHS.map(String).filter((item) => item === value || before.months.includes(item))
                    : before.months.filter((item) => item !== value),
                }))
              }
              label={text.monthName(month)}
            />
          );
        })}
      </div>
    </Group>
  );
}

/** The promotion the editor attached (e.g. `Proefabonnement`), which the player takes or not. */
export function PromotionChoice({
  idPrefix,
  form,
  errors,
  change,
  promotion,
}: FieldProps & { promotion: NonNullable<SubscriptionPriceDetails["promotion"]> }) {
  return (
    <Group legend={text.promotionLegend} name={FIELD.chosenPromotionId} errors={errors}>
      <Toggle
        id={`${idPrefix}-promotion`}
        name={FIELD.chosenPromotionId}
        value={promotion.id}
        checked={form.promotionId === promotion.id}
        onChange={(checked) =>
          change(FIELD.chosenPromotionId, (before) => ({
            ...before,
            promotionId: checked ? promotion.id : undefined,
          }))
        }
        label={text.promotionLabel(promotion.label, promotion.draws, promotion.discountPercent)}
        hint={text.promotionHint}
        errors={{ of: () => undefined, idOf: () => undefined }}
        reserved={false}
      />
    </Group>
  );
}
