import { ticketConfigurator as text } from "@/src/lib/messages";
import { describedBy, FieldError, type FieldErrors } from "@/src/shop/components/field-error";
import { FormField } from "@/src/shop/components/form-field";

/**
 * How many tickets (1 to `maxQuantity`) and how many times each plays (the multiplier). The quantity is
 * the shared FormField: its error id is the one `errors.idOf("quantity")` names.
 */
export function QuantityFields({
  idPrefix,
  quantityText,
  maxQuantity,
  multiplier,
  multipliers,
  errors,
  onQuantity,
  onQuantityBlur,
  onMultiplier,
}: {
  idPrefix: string;
  /** The quantity as typed, valid or not. */
  quantityText: string;
  maxQuantity: number;
  multiplier: number;
  multipliers: readonly number[];
  errors: FieldErrors;
  onQuantity: (text: string) => void;
  onQuantityBlur: () => void;
  onMultiplier: (multiplier: number) => void;
}) {
  return (
    <div className="form-row">
      <FormField
        id={`${idPrefix}-quantity`}
        label={text.quantityLabel}
        error={errors.of("quantity")}
        name="quantity"
        type="number"
        inputMode="numeric"
        min={1}
        max={maxQuantity}
        step={1}
        value={quantityText}
        onChange={(event) => onQuantity(event.currentTarget.value)}
        onBlur={onQuantityBlur}
      />
      <div className="form-field">
        <label htmlFor={`${idPrefix}-multiplier`}>{text.multiplierLabel}</label>
        <select
          id={`${idPrefix}-multiplier`}
          name="multiplier"
          value={multiplier}
          onChange={(event) => onMultiplier(Number(event.currentTarget.value))}
          aria-invalid={errors.of("multiplier") ? true : undefined}
          aria-describedby={describedBy(`${idPrefix}-multiplier-hint`, errors.idOf("multiplier"))}
        >
          {multipliers.map((option) => (
            <option key={option} value={option}>
              {text.multiplierOption(option)}
            </option>
          ))}
        </select>
        <p id={`${idPrefix}-multiplier-hint`} className="form-field__hint">
          {text.multiplierHint}
        </p>
        <FieldError errors={errors} name="multiplier" />
      </div>
    </div>
  );
}
