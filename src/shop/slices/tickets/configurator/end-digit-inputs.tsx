import { ticketConfigurator as text } from "@/src/lib/messages";
import { describedBy, FieldError, type FieldErrors } from "@/src/shop/components/field-error";
import { type DigitCount, endDigitsInputName } from "./configurator-model";

/**
 * One input per ticket for the end digits the player wants (spec section 5): one digit for a street, two
 * for the other products; left empty, the server draws them.
 */
export function EndDigitInputs({
  idPrefix,
  quantity,
  digitCount,
  values,
  errors,
  onChange,
  onBlur,
}: {
  idPrefix: string;
  quantity: number;
  digitCount: DigitCount;
  values: readonly string[];
  errors: FieldErrors;
  onChange: (index: number, value: string) => void;
  onBlur: (name: string) => void;
}) {
  return (
    <fieldset
      className="ticket-configurator__end-digits"
      aria-describedby={describedBy(`${idPrefix}-digits-hint`, errors.idOf("endDigits"))}
    >
      <legend>{text.endDigitsLegend}</legend>
      <p id={`${idPrefix}-digits-hint`} className="form-field__hint">
        {text.endDigitsHint}
      </p>
      <FieldError errors={errors} name="endDigits" />
      <div className="form-row">
        {Array.from({ length: quantity }, (_, index) => {
          const name = endDigitsInputName(index);
          const inputId = `${idPrefix}-digits-${digitCount}-${index}`;
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
                value={values[index] ?? ""}
                onChange={(event) => onChange(index, event.currentTarget.value)}
                onBlur={() => onBlur(name)}
                aria-invalid={errors.of(name) ? true : undefined}
                aria-describedby={describedBy(errors.idOf(name))}
              />
              <FieldError errors={errors} name={name} />
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
