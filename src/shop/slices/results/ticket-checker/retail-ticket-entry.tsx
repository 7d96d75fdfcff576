import { type FormEvent, useId, useState } from "react";
import { flushSync } from "react-dom";
import { Link } from "react-router";
import { linkRetailTicket } from "@/src/contract/results";
import { general, ticketChecker as text } from "@/src/lib/messages";
import { ApiError } from "@/src/shop/client/api-error";
import { useApiClients } from "@/src/shop/components/api-context";
import { FormField } from "@/src/shop/components/form-field";
import { FormToken } from "@/src/shop/components/form-token";
import { Heading, type HeadingLevel } from "../heading";

/** Where the barcode entry posts without JavaScript (`routes/account-retail-ticket.tsx`). */
export const RETAIL_TICKET_ACTION = "/mijn/loten/winkellot-toevoegen";

/** The server's answer to a barcode posted without JavaScript: what was typed and why it was refused. */
export type RetailAnswer = { barcode: string; error: string };

/** The barcode is printed as 8 to 20 digits, sometimes in groups (as POST /api/retail-tickets checks it). */
const BARCODE = /^\d{8,20}$/;

/** The barcode entry's own check (spaces removed first), as the API checks it. */
export function barcodeError(compact: string): string | undefined {
  if (compact === "") return text.barcodeMissing;
  return BARCODE.test(compact) ? undefined : text.barcodeInvalid;
}

/** The typed barcode, its message, and the call that links it to the player's tickets. */
function useRetailEntry(answered: RetailAnswer | undefined, inputId: string) {
  const { shop } = useApiClients();
  const [barcode, setBarcode] = useState(answered?.barcode ?? "");
  const [error, setError] = useState<string | undefined>(answered?.error);
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
  const type = (value: string) => {
    setBarcode(value);
    setError(undefined);
    setAdded(false);
  };
  return { barcode, error, pending, added, onSubmit, type };
}

/**
 * A logged-in player adds a shop-bought ticket to Mijn loten by its barcode (spec section 7,
 * POST /api/retail-tickets). Shown to logged-in players only, whom the page knows in the browser.
 * Without JavaScript the form posts to the account's barcode page, which answers refusals with
 * `answered`.
 */
export function RetailTicketEntry({
  headingLevel,
  answered,
  token,
}: {
  headingLevel: HeadingLevel;
  answered?: RetailAnswer;
  /**
   * This browser's anti-forgery token, when the server rendered the entry for this player (its action
   * checks it); the entry the browser shows on shared pages calls the API, which asks its own.
   */
  token?: string;
}) {
  const id = useId();
  const inputId = `${id}-barcode`;
  const { barcode, error, pending, added, onSubmit, type } = useRetailEntry(answered, inputId);

  return (
    <section className="retail-ticket" aria-labelledby={`${id}-title`}>
      <Heading level={headingLevel} id={`${id}-title`}>
        {text.barcodeTitle}
      </Heading>
      <p>{text.barcodeIntro}</p>
      <form
        className="portal-form"
        aria-labelledby={`${id}-title`}
        method="post"
        action={RETAIL_TICKET_ACTION}
        onSubmit={onSubmit}
        noValidate
      >
        {token === undefined ? null : <FormToken token={token} />}
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
          onChange={(event) => type(event.currentTarget.value)}
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
