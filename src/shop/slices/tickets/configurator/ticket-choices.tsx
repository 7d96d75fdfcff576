import type { SaleDraw } from "@/src/contract/tickets";
import {
  FRACTION_LABELS,
  type Fraction,
  PRODUCT_LABELS,
  PRODUCT_TYPES,
  type ProductType,
} from "@/src/domain/tickets/catalogue";
import { formatEuroCents } from "@/src/lib/format";
import { ticketConfigurator as text } from "@/src/lib/messages";
import { describedBy, FieldError, type FieldErrors } from "@/src/shop/components/field-error";
import { Choice, ChoiceGroup } from "./choice";
import { findPriceLine } from "./configurator-model";

/** Which ticket (spec section 3): a single ticket, a street or a boulevard. */
export function ProductChoice({
  idPrefix,
  productType,
  errors,
  onChoose,
}: {
  idPrefix: string;
  productType: ProductType;
  errors: FieldErrors;
  onChoose: (productType: ProductType) => void;
}) {
  return (
    <ChoiceGroup legend={text.productLegend} name="productType" errors={errors}>
      {PRODUCT_TYPES.map((option) => (
        <Choice
          key={option}
          id={`${idPrefix}-product-${option}`}
          name="productType"
          value={option}
          checked={option === productType}
          onChange={() => onChoose(option)}
          label={PRODUCT_LABELS[option]}
        />
      ))}
    </ChoiceGroup>
  );
}

/** A whole ticket or the part the draw sells, each with its price for the chosen product. */
export function FractionChoice({
  idPrefix,
  draw,
  productType,
  fraction,
  errors,
  onChoose,
}: {
  idPrefix: string;
  draw: SaleDraw;
  productType: ProductType;
  fraction: Fraction;
  errors: FieldErrors;
  onChoose: (fraction: Fraction) => void;
}) {
  return (
    <ChoiceGroup legend={text.fractionLegend} name="fraction" errors={errors}>
      {draw.fractions.map((option) => {
        const price = findPriceLine(draw, productType, option)?.pricePerTicketInCents;
        return (
          <Choice
            key={option}
            id={`${idPrefix}-fraction-${option}`}
            name="fraction"
            value={option}
            checked={option === fraction}
            onChange={() => onChoose(option)}
            label={
              price === undefined
                ? FRACTION_LABELS[option]
                : text.optionPrice(FRACTION_LABELS[option], formatEuroCents(price))
            }
          />
        );
      })}
    </ChoiceGroup>
  );
}

/** The XL add-on, with what it adds to one ticket of the chosen product. */
export function XlOption({
  idPrefix,
  checked,
  extraInCents,
  noun,
  errors,
  onChange,
}: {
  idPrefix: string;
  checked: boolean;
  extraInCents: number;
  /** The chosen product as the price labels name it ("lot", "straat"). */
  noun: string;
  errors: FieldErrors;
  onChange: (withXl: boolean) => void;
}) {
  return (
    <div className="form-field form-field--checkbox">
      <input
        type="checkbox"
        id={`${idPrefix}-xl`}
        name="withXl"
        checked={checked}
        onChange={(event) => onChange(event.currentTarget.checked)}
        aria-invalid={errors.of("withXl") ? true : undefined}
        aria-describedby={describedBy(`${idPrefix}-xl-hint`, errors.idOf("withXl"))}
      />
      <div>
        <label htmlFor={`${idPrefix}-xl`}>{text.xlLabel(formatEuroCents(extraInCents), noun)}</label>
        <p id={`${idPrefix}-xl-hint`} className="form-field__hint">
          {text.xlHint}
        </p>
        <FieldError errors={errors} name="withXl" />
      </div>
    </div>
  );
}
