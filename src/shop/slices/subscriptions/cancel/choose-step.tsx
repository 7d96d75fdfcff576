import { useState } from "react";
import type { DrawRef } from "@/src/contract/subscriptions";
import { describeItem } from "@/src/domain/subscriptions/item-description";
import { formatDate } from "@/src/lib/format";
import { subscriptionCancelPage as text } from "@/src/lib/messages";
import { FormToken } from "@/src/shop/components/form-token";
import { CANCEL_FIELD, type CancelChoice, type CancelStart } from "./cancel-flow";

/** "Je speelt voor het laatst mee in de Maandtrekking december 2026." */
export function LastDraw({ draw }: { draw: Pick<DrawRef, "name" | "drawDate"> | null }) {
  return (
    <p className="cancel-flow__last-draw">
      {draw ? text.lastDraw(draw.name, formatDate(draw.drawDate)) : text.noLastDraw}
    </p>
  );
}

export function StepOf({ step, steps }: { step: number; steps: number }) {
  return <p className="cancel-flow__step">{text.stepOf(step, steps)}</p>;
}

/**
 * Step 1: the whole subscription (the default) or chosen items, with the last draw it plays in. The button
 * reads "Verder" when step 2 has offers, "Opzeggen" when the next post cancels.
 */
export function ChooseStep({
  start,
  choice,
  error,
}: {
  start: CancelStart & { quote: NonNullable<CancelStart["quote"]> };
  choice?: CancelChoice;
  error?: string;
}) {
  const hasOffers = start.quote.retentionOffers;
  const chosen = new Set(choice?.items ?? []);
  // Issue 43: with the whole subscription chosen the tickets are disabled, so they are not sent; also in the
  // server's HTML (without JavaScript "Alleen de loten die ik kies" + "Verder" shows them enabled).
  const [scope, setScope] = useState<"whole" | "items">(choice?.items ? "items" : "whole");
  const errorId = "cancel-choice-error";
  return (
    <form className="cancel-flow__form" method="post" aria-labelledby="cancel-choose-title" noValidate>
      <StepOf step={1} steps={hasOffers ? 3 : 2} />
      <h2 id="cancel-choose-title">{text.chooseHeading}</h2>
      <FormToken token={start.token} />
      <input type="hidden" name={CANCEL_FIELD.transactionId} value={start.transactionId} />
      <input type="hidden" name={CANCEL_FIELD.offered} value={hasOffers ? "true" : "false"} />
      {error ? (
        <p id={errorId} className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <fieldset aria-labelledby="cancel-choose-title" aria-describedby={error ? errorId : undefined}>
        <div className="form-field form-field--checkbox">
          <input
            type="radio"
            id="cancel-scope-whole"
            name={CANCEL_FIELD.scope}
            value="whole"
            checked={scope === "whole"}
            onChange={() => setScope("whole")}
          />
          <label htmlFor="cancel-scope-whole">{text.whole}</label>
        </div>
        {start.items.length > 1 ? (
          <>
            <div className="form-field form-field--checkbox">
              <input
                type="radio"
                id="cancel-scope-items"
                name={CANCEL_FIELD.scope}
                value="items"
                checked={scope === "items"}
                onChange={() => setScope("items")}
              />
              <label htmlFor="cancel-scope-items">{text.someItems}</label>
            </div>
            <fieldset className="cancel-flow__items" disabled={scope === "whole"}>
              <legend>{text.itemsLegend}</legend>
              {start.items.map((item) => (
                <div key={item.id} className="form-field form-field--checkbox">
                  <input
                    type="checkbox"
                    id={`cancel-item-${item.id}`}
                    name={CANCEL_FIELD.item}
                    value={item.id}
                    defaultChecked={chosen.has(item.id)}
                  />
                  <label htmlFor={`cancel-item-${item.id}`}>{describeItem(item)}</label>
                </div>
              ))}
            </fieldset>
          </>
        ) : null}
      </fieldset>
      <LastDraw draw={start.quote.lastDraw} />
      <button type="submit" className="button" name={CANCEL_FIELD.intent} value="choose">
        {hasOffers ? text.next : text.cancelNow}
      </button>
    </form>
  );
}
