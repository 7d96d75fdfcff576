import { useEffect, useRef } from "react";
import { Form, Link } from "react-router";
import { subscriptionEditPage as text } from "@/src/lib/messages";
import { FormToken } from "@/src/shop/components/form-token";
import { ChangeQuote } from "./change-quote";
import { type EditAnswer, FIELDS } from "./edit-answer";

/**
 * Removing an item: the first button asks the shop what it would save (the action's verify), the second
 * applies it. Removing the last item is a cancellation: the shop's message and a link to the cancellation.
 * The page shows every form anew after a post (new transaction ids), so focus goes to what the answer
 * asks next: the confirm button, or the refusal.
 */
export function RemoveItemForm({
  idPrefix,
  itemId,
  token,
  transactionId,
  cancelPath,
  answer,
}: {
  idPrefix: string;
  itemId: number;
  token: string;
  transactionId: string;
  cancelPath: string;
  answer: Extract<EditAnswer, { kind: "remove" }> | undefined;
}) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (answer?.formError) errorRef.current?.focus();
    else if (answer?.quote) buttonRef.current?.focus();
  }, [answer]);
  return (
    <Form method="post" className="subscription-edit__remove">
      <FormToken token={token} />
      <input type="hidden" name={FIELDS.itemId} value={itemId} />
      <input type="hidden" name={FIELDS.transactionId} value={transactionId} />
      {answer?.formError ? (
        <div ref={errorRef} className="form-error" role="alert" tabIndex={-1}>
          <p>{answer.formError}</p>
          {answer.lastItem ? (
            <p>
              <Link to={cancelPath}>{text.lastItemCancel}</Link>
            </p>
          ) : null}
        </div>
      ) : null}
      {answer?.quote ? (
        <ChangeQuote
          idPrefix={`${idPrefix}-remove`}
          title={text.removeQuoteTitle}
          quote={answer.quote}
          pricing={false}
          idle={undefined}
        />
      ) : null}
      <div className="portal-form__actions">
        {answer?.quote ? (
          <button
            ref={buttonRef}
            type="submit"
            name={FIELDS.intent}
            value="remove"
            className="button button--secondary"
          >
            {text.confirmRemove}
          </button>
        ) : (
          <button
            type="submit"
            name={FIELDS.intent}
            value="verifyRemove"
            className="button button--secondary"
          >
            {text.remove}
          </button>
        )}
      </div>
    </Form>
  );
}
