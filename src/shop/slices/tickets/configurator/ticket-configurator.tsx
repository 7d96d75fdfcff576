import { useEffect, useId } from "react";
import { Link } from "react-router";
import { ticketConfigurator as text } from "@/src/lib/messages";
import { track } from "@/src/shop/components/analytics/analytics";
import { ApiProvider } from "@/src/shop/components/api-context";
import { viewItemEvent, viewItemListEvent } from "./configurator-analytics";
import { ADD_TO_BASKET_ACTION } from "./configurator-form";
import { DrawChoice } from "./draw-choice";
import { DrawNotOnSale } from "./draw-not-on-sale";
import { EndDigitInputs } from "./end-digit-inputs";
import { PriceSummaryStatus } from "./price-summary";
import { QuantityFields } from "./quantity-fields";
import { FractionChoice, ProductChoice, XlOption } from "./ticket-choices";
import { type Configurator, type ConfiguratorInput, useConfigurator } from "./use-configurator";

export type TicketConfiguratorProps = ConfiguratorInput & { title?: string };

/**
 * Choose and add classic tickets to the basket (spec sections 1, 3, 5 and 9). Renders on the server
 * from the price details; on submit the server verifies the ticket and prices it, then the basket
 * store adds it. Without JavaScript (or before hydration) the form posts to the add-to-basket action,
 * which does the same on the server.
 */
export function TicketConfigurator(props: TicketConfiguratorProps) {
  return (
    <ApiProvider>
      <ConfiguratorForm {...props} />
    </ApiProvider>
  );
}

/** The funnel's view events: the products this page offers, then each product the player looks at. */
function useViewTracking(details: ConfiguratorInput["details"], configurator: Configurator | undefined) {
  // The funnel's first step: the products this page offers, once per page view.
  useEffect(() => {
    const event = viewItemListEvent(details);
    if (event) track(event);
  }, [details]);
  // Then each product the player looks at, for the chosen draw.
  const productType = configurator?.productType;
  const drawId = configurator?.draw?.drawId;
  useEffect(() => {
    if (!productType) return;
    const event = viewItemEvent(details, { drawId, productType });
    if (event) track(event);
  }, [details, drawId, productType]);
}

function ConfiguratorForm({ title, ...input }: TicketConfiguratorProps) {
  const id = useId();
  const configurator = useConfigurator(input, id);
  useViewTracking(input.details, configurator);
  const heading = title ? <h2 id={`${id}-title`}>{title}</h2> : null;
  if (!configurator) {
    return (
      <div className="ticket-configurator">
        {heading}
        {input.lockedDrawId === undefined ? <p>{text.noDraws}</p> : <DrawNotOnSale />}
      </div>
    );
  }

  const { summary, pending, added } = configurator;
  return (
    <div className="ticket-configurator">
      {heading}
      <form
        className="portal-form ticket-configurator__form"
        aria-labelledby={title ? `${id}-title` : undefined}
        aria-label={title ? undefined : text.formLabel}
        method="post"
        action={ADD_TO_BASKET_ACTION}
        onSubmit={configurator.submit}
        noValidate
      >
        <input type="hidden" name="kind" value="classic" />
        <input type="hidden" name="pageId" value={input.pageId} />
        {input.lockedDrawId === undefined ? null : (
          <input type="hidden" name="lockedDrawId" value={input.lockedDrawId} />
        )}
        {configurator.formError ? (
          <p className="form-error" role="alert">
            {configurator.formError}
          </p>
        ) : null}

        <ConfiguratorFields id={id} configurator={configurator} input={input} />

        <div className="portal-form__actions">
          {/* While the ticket is on its way the button stays focusable (a disabled one would drop the
              keyboard's focus to the page's top): it says it is busy and the submit waits (issue 43). */}
          <button
            type="submit"
            className="button"
            disabled={!summary}
            aria-disabled={pending ? true : undefined}
          >
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

/** The ticket's inputs in the form's order: draw, product, fraction, XL, quantity, end digits, then the price. */
function ConfiguratorFields({
  id,
  configurator,
  input,
}: {
  id: string;
  configurator: Configurator;
  input: ConfiguratorInput;
}) {
  const { draw, errors, summary } = configurator;
  const noun = text.productNoun[configurator.productType];
  return (
    <>
      <DrawChoice
        idPrefix={id}
        offered={configurator.offered}
        draw={draw}
        locked={input.lockedDrawId !== undefined}
        errors={errors}
        onChoose={configurator.chooseDraw}
      />
      <ProductChoice
        idPrefix={id}
        productType={configurator.productType}
        errors={errors}
        onChoose={configurator.chooseProduct}
      />
      <FractionChoice
        idPrefix={id}
        draw={draw}
        productType={configurator.productType}
        fraction={configurator.fraction}
        errors={errors}
        onChoose={configurator.chooseFraction}
      />
      {summary ? (
        <XlOption
          idPrefix={id}
          checked={configurator.withXl}
          extraInCents={summary.xlExtraInCents}
          noun={noun}
          errors={errors}
          onChange={configurator.chooseXl}
        />
      ) : null}
      <QuantityFields
        idPrefix={id}
        quantityText={configurator.quantityText}
        maxQuantity={input.details.maxQuantity}
        multiplier={configurator.multiplier}
        multipliers={input.details.multipliers}
        errors={errors}
        onQuantity={configurator.typeQuantity}
        onQuantityBlur={() => configurator.touch("quantity")}
        onMultiplier={configurator.chooseMultiplier}
      />
      <EndDigitInputs
        idPrefix={id}
        quantity={configurator.quantity}
        digitCount={configurator.digitCount}
        values={configurator.digitValues}
        errors={errors}
        onChange={configurator.typeEndDigits}
        onBlur={configurator.touch}
      />
      <PriceSummaryStatus summary={summary} noun={noun} />
    </>
  );
}
