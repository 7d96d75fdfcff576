import { type FormEvent, useId, useState } from "react";
import { flushSync } from "react-dom";
import { Link } from "react-router";
import { ApiError } from "@/src/api/client/api-error";
import { linkRetailTicket } from "@/src/api/contract/results";
import { useApiClients } from "@/src/components/api-context";
import { FormField } from "@/src/components/form-field";
import { general, ticketChecker as text } from "@/src/lib/messages";
import { Heading, type HeadingLevel } from "../heading";

/** The barcode is printed as 8 to 20 digits, sometimes in groups (as POST /api/retail-tickets checks it). */
const BARCODE = /^\d{8,20}$/;

function barcodeError(compact: string): string | undefined {
  if (compact === "") return text.barcodeMissing;
  return BARCODE.test(compact) ? undefined : text.barcodeInvalid;
}

/**
 * A logged-in player adds a shop-bought ticket to Mijn loten by its barcode (spec section 7,
 * POST /api/retail-tickets). Shown to logged-in players only, whom the page knows in the browser.
 */
export function RetailTicketEntry({ headingLevel }: { headingLevel: HeadingLevel }) {
  const id = useId();
  const inputId = `${id}-barcode`;
  const { shop } = useApiClients();
  const [barcode, setBarcode] = useState("");
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const [added, setAdded] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const compact = barcode.replace(/\s+/g, "");
    const invalid = barcodeError(compact);
    if (invalid) {
      flushSync(() => {
        setError(invalid);
        setAdded(false);
      });
      document.getElementById(inputId)?.focus();
      return;
    }
    setError(undefined);
    setAdded(false);
    setPending(true);
    try {
      await shop.call(linkRetailTicket, { body: { barcode: compact } });
      setBarcode("");
      setAdded(true);
      setPending(false);
    } catch (failure) {
      // The field's own message when the server names the barcode, else the call's Dutch message.
      const message =
        failure instanceof ApiError ? (failure.fieldErrors.barcode?.[0] ?? failure.message) : general.generic;
      flushSync(() => {
        setPending(false);
        setError(message);
      });
      document.getElementById(inputId)?.focus();
    }
  };

  return (
    <section className="retail-ticket" aria-labelledby={`${id}-title`}>
      <Heading level={headingLevel} id={`${id}-title`}>
        {text.barcodeTitle}
      </Heading>
      <p>{text.barcodeIntro}</p>
      <form className="portal-form" aria-labelledby={`${id}-title`} onSubmit={onSubmit} noValidate>
        <FormField
          id={inputId}
          label={text.barcodeLabel}
          hint={text.barcodeHint}
          error={error}
          name="barcode"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          maxLength={40}
          value={barcode}
          onChange={(event) => {
            setBarcode(event.currentTarget.value);
            setError(undefined);
            setAdded(false);
          }}
        />
        <div className="portal-form__actions">
          <button type="submit" className="button" disabled={pending}>
            {text.barcodeSubmit}
          </button>
        </div>
        <div role="status">
          {pending ? text.barcodePending : null}
          {added ? (
            <p>
              {text.barcodeAdded}. <Link to="/mijn/loten">{text.toMyTickets}</Link>
            </p>
          ) : null}
        </div>
      </form>
    </section>
  );
}
