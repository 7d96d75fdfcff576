import { useId } from "react";
import type { SubscriptionPriceDetails } from "@/src/contract/subscriptions";
import { subscriptionForm as text } from "@/src/lib/messages";
import { ApiProvider } from "@/src/shop/components/api-context";
import type { FieldErrors } from "@/src/shop/components/field-error";
import {
  ACTION_PAGE_PARAM,
  type ChoiceForm,
  type Errors,
  FIELD,
  FORM_PAGE_PARAM,
  SIGN_UP_PATH,
} from "./choice-form";
import {
  EndDigitFields,
  FixedNumberOption,
  FractionChoice,
  MonthsChoice,
  ProductChoice,
  PromotionChoice,
  productOf,
  QuantityField,
  XlOption,
} from "./configurator-fields";
import { DirectDebitExplainer, PriceSummary, SweepstakeNote } from "./configurator-notes";
import {
  type SubscriptionConfigurator as ConfiguratorState,
  useSubscriptionConfigurator,
} from "./use-subscription-configurator";

export type SubscriptionConfiguratorProps = {
  pageId: string;
  details: SubscriptionPriceDetails;
  title?: string;
  /** The choice the form starts with. */
  initial: ChoiceForm;
  /** Messages for the initial choice (the sign-up step found it invalid). */
  initialErrors?: Errors;
  /** The path of the page the form is on, so later steps can link back to it with the choice. */
  formPage: string;
};

/**
 * The subscription form (spec sections 1, 3 and 7): product, fraction, XL, end digits for single tickets,
 * quantity, a fixed ticket number, the months it plays, the promotion the editor attached, the live monthly
 * price and what direct debit means. It sends the choice with GET to the sign-up step, with JavaScript or
 * without; the shop API verifies it there again, and asks for login, the account and the mandate.
 */
export function SubscriptionConfigurator(props: SubscriptionConfiguratorProps) {
  return (
    <ApiProvider>
      <ConfiguratorForm {...props} />
    </ApiProvider>
  );
}

function ConfiguratorForm({
  pageId,
  details,
  title,
  initial,
  initialErrors,
  formPage,
}: SubscriptionConfiguratorProps) {
  const id = useId();
  const configurator = useSubscriptionConfigurator({ pageId, details, initial, initialErrors }, id);
  // Without an editor's title the form still has its (hidden) h2, so its h3 sections do not skip a level.
  const heading = (
    <h2 id={`${id}-title`} className={title ? undefined : "visually-hidden"}>
      {title || text.formLabel}
    </h2>
  );
  if (!details.firstDraw) {
    return (
      <div className="subscription-configurator">
        {heading}
        <p>{text.noDraw}</p>
      </div>
    );
  }

  const { form, errors, change } = configurator;
  const fields = { idPrefix: id, form, errors, change };
  return (
    <div className="subscription-configurator">
      {heading}
      <form
        className="portal-form subscription-configurator__form"
        aria-labelledby={`${id}-title`}
        method="get"
        action={SIGN_UP_PATH}
        onSubmit={configurator.submit}
        noValidate
      >
        <input type="hidden" name="pageId" value={pageId} />
        <input type="hidden" name={FORM_PAGE_PARAM} value={formPage} />
        {initial.actionPageId ? (
          <input type="hidden" name={ACTION_PAGE_PARAM} value={initial.actionPageId} />
        ) : null}
        <TicketFields
          {...fields}
          details={details}
          quantity={configurator.quantity}
          onQuantityBlur={() => configurator.touch(FIELD.quantity)}
        />
        <PlanFields {...fields} details={details} />
        <PriceSummary
          idPrefix={id}
          quote={configurator.quote}
          estimateInCents={estimateOf(details, form)}
          firstDraw={details.firstDraw}
          pricing={configurator.pricing}
          valid={configurator.valid}
        />
        <SweepstakeNote idPrefix={id} sweepstake={details.sweepstake} />
        <DirectDebitExplainer idPrefix={id} />
        <div className="portal-form__actions">
          <button type="submit" className="button">
            {text.submit}
          </button>
        </div>
        {/* Under the button, so a failed call never moves what the player is about to press (issue 43). */}
        {configurator.formError ? (
          <p className="form-error" role="alert">
            {configurator.formError}
          </p>
        ) : null}
      </form>
    </div>
  );
}

/** The monthly amount before the shop answered: the product's price per draw times the quantity. */
function estimateOf(details: SubscriptionPriceDetails, form: ChoiceForm): number | undefined {
  const product = productOf(details, form);
  const quantity = /^\d{1,2}$/.test(form.quantityText) ? Number(form.quantityText) : undefined;
  return product && quantity
    ? (form.withXl ? product.pricePerDrawWithXlInCents : product.pricePerDrawInCents) * quantity
    : undefined;
}

type FieldProps = {
  idPrefix: string;
  form: ChoiceForm;
  errors: FieldErrors;
  change: ConfiguratorState["change"];
  details: SubscriptionPriceDetails;
};

/** The ticket: product, fraction, XL, quantity, and the end digits of a single ticket. */
function TicketFields({
  details,
  quantity,
  onQuantityBlur,
  ...fields
}: FieldProps & { quantity: number; onQuantityBlur: () => void }) {
  const { form, errors } = fields;
  return (
    <>
      <ProductChoice {...fields} />
      <FractionChoice {...fields} details={details} />
      <XlOption {...fields} details={details} />
      <QuantityField {...fields} maxQuantity={details.maxQuantity} onBlur={onQuantityBlur} />
      {form.productType === "SingleTicket" ? (
        <EndDigitFields {...fields} quantity={quantity} />
      ) : errors.of(FIELD.endDigits) ? (
        <p className="form-field__error" role="alert">
          {errors.of(FIELD.endDigits)}
        </p>
      ) : null}
    </>
  );
}

/** A fixed ticket number, the months it plays and the editor's promotion (or its message when gone). */
function PlanFields({ details, ...fields }: FieldProps) {
  const { errors } = fields;
  return (
    <>
      <FixedNumberOption {...fields} />
      <MonthsChoice {...fields} minMonths={details.minParticipatingMonths} />
      {details.promotion ? (
        <PromotionChoice {...fields} promotion={details.promotion} />
      ) : errors.of(FIELD.chosenPromotionId) ? (
        <p className="form-field__error" role="alert">
          {errors.of(FIELD.chosenPromotionId)}
        </p>
      ) : null}
    </>
  );
}
