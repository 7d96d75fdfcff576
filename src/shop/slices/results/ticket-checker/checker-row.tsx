import type { Fraction } from "@/src/domain/tickets/catalogue";
import { ticketChecker as text, ticketNumber as ticketNumberMessages } from "@/src/lib/messages";
import type { CheckerRow } from "./ticket-checker-model";

/** One number to check, with its fraction and XL when the draw had them, and a way to remove it. */
export function CheckerRowFields({
  row,
  index,
  inputId,
  error,
  fractions,
  fraction,
  xl,
  removable,
  onChange,
  onLeave,
  onRemove,
}: {
  row: CheckerRow;
  /** The row's place in the list (0-based), which names its inputs. */
  index: number;
  inputId: string;
  error: string | undefined;
  fractions: readonly Fraction[];
  /** The fraction the row is checked as for the chosen draw. */
  fraction: Fraction;
  xl: boolean;
  removable: boolean;
  onChange: (change: Partial<CheckerRow>) => void;
  onLeave: () => void;
  onRemove: () => void;
}) {
  const position = index + 1;
  return (
    <li className="ticket-checker__row">
      <TicketNumberField
        row={row}
        index={index}
        inputId={inputId}
        error={error}
        onChange={onChange}
        onLeave={onLeave}
      />
      {fractions.length > 1 ? (
        <FractionField
          index={index}
          inputId={inputId}
          fractions={fractions}
          fraction={fraction}
          onChange={onChange}
        />
      ) : null}
      {xl ? (
        <div className="form-field form-field--checkbox ticket-checker__xl">
          <input
            type="checkbox"
            id={`${inputId}-xl`}
            name={`tickets.${index}.withXl`}
            checked={row.withXl}
            onChange={(event) => onChange({ withXl: event.currentTarget.checked })}
          />
          <label htmlFor={`${inputId}-xl`}>
            {text.xlLabel} <span className="visually-hidden">{text.ofRow(position)}</span>
          </label>
        </div>
      ) : null}
      {removable ? (
        <button type="button" className="link-button ticket-checker__remove" onClick={onRemove}>
          {text.removeRow(position)}
        </button>
      ) : null}
    </li>
  );
}

/** The row's ticket number, with its message and (for a number that cannot be one) the hint. */
function TicketNumberField({
  row,
  index,
  inputId,
  error,
  onChange,
  onLeave,
}: {
  row: CheckerRow;
  index: number;
  inputId: string;
  error: string | undefined;
  onChange: (change: Partial<CheckerRow>) => void;
  onLeave: () => void;
}) {
  const describedBy = error
    ? [`${inputId}-error`, error === ticketNumberMessages.invalidForPlayers ? `${inputId}-hint` : ""]
        .filter(Boolean)
        .join(" ")
    : undefined;
  return (
    <div className="form-field ticket-checker__number">
      <label htmlFor={inputId}>{text.ticketNumberLabel(index + 1)}</label>
      <input
        id={inputId}
        name={`tickets.${index}.ticketNumber`}
        type="text"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={40}
        value={row.ticketNumber}
        onChange={(event) => onChange({ ticketNumber: event.currentTarget.value })}
        onBlur={onLeave}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {error ? (
        <>
          <p id={`${inputId}-error`} className="form-field__error">
            {error}
          </p>
          {error === ticketNumberMessages.invalidForPlayers ? (
            <p id={`${inputId}-hint`} className="form-field__hint">
              {ticketNumberMessages.hint}
            </p>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

function FractionField({
  index,
  inputId,
  fractions,
  fraction,
  onChange,
}: {
  index: number;
  inputId: string;
  fractions: readonly Fraction[];
  fraction: Fraction;
  onChange: (change: Partial<CheckerRow>) => void;
}) {
  return (
    <div className="form-field">
      <label htmlFor={`${inputId}-fraction`}>
        {text.fractionLabel} <span className="visually-hidden">{text.ofRow(index + 1)}</span>
      </label>
      <select
        id={`${inputId}-fraction`}
        name={`tickets.${index}.fraction`}
        value={fraction}
        onChange={(event) =>
          onChange({
            fraction: fractions.find((option) => option === event.currentTarget.value) ?? "WHOLE",
          })
        }
      >
        {fractions.map((option) => (
          <option key={option} value={option}>
            {text.fractionOptions[option]}
          </option>
        ))}
      </select>
    </div>
  );
}
