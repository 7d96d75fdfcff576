import { useId, useRef, useState } from "react";
import { Form } from "react-router";
import {
  type SubscriptionChangeQuote,
  verifyAddSubscriptionItems,
} from "@/src/contract/subscription-changes";
import { subscriptionEditPage as text } from "@/src/lib/messages";
import { FormToken } from "@/src/shop/components/form-token";
import { type ChoiceForm, FIELD } from "../choice-form";
import {
  EndDigitFields,
  FractionChoice,
  ProductChoice,
  QuantityField,
  XlOption,
} from "../configurator-fields";
import { ChangeQuote } from "./change-quote";
import { type EditAnswer, FIELDS } from "./edit-answer";
import type { EditDetails } from "./edit-details";
import { checkAddForm, emptyAddForm, quotedKey } from "./item-form";
import { QuoteActions } from "./quote-actions";
import { useChangeVerify } from "./use-change-verify";
import { useEditFormErrors } from "./use-edit-form-errors";

type AddAnswer = Extract<EditAnswer, { kind: "add" }>;

/** The items as the player chooses them, the shop's verdict on adding them, and the form's errors. */
function useAddItems(
  details: EditDetails,
  answer: AddAnswer | undefined,
  defaultQuote: SubscriptionChangeQuote | undefined,
  id: string,
) {
  const formRef = useRef<HTMLFormElement>(null);
  const [form, setForm] = useState<ChoiceForm>(() => answer?.values ?? emptyAddForm());
  const [touched, setTouched] = useState(Boolean(answer));
  const checked = checkAddForm(details.subscriptionId, form, details.maxQuantity);
  // The quote the page came with: the action's for the posted choice, else the loader's for the default one.
  const quoted = answer ? answer.values : defaultQuote ? emptyAddForm() : undefined;
  const quote = answer ? answer.quote : defaultQuote;
  const initial =
    quote && quoted ? checkAddForm(details.subscriptionId, quoted, details.maxQuantity) : undefined;
  const verify = useChangeVerify(
    verifyAddSubscriptionItems,
    (touched || defaultQuote) && checked.ok ? checked.body : undefined,
    quote && initial?.ok ? { body: initial.body, quote } : undefined,
  );

  const { errors, changed, submit } = useEditFormErrors({
    idPrefix: id,
    formRef,
    answerErrors: answer?.errors,
    clientErrors: checked.ok ? {} : checked.errors,
    serverErrors: verify.serverErrors,
    touched,
    setTouched,
  });
  const change = (name: string, update: (before: ChoiceForm) => ChoiceForm) => {
    setForm(update);
    changed(name);
  };
  return { formRef, form, touched, setTouched, checked, verify, errors, submit, change };
}

/**
 * Adding items (spec section 7: product, fraction, XL, quantity, end digits): verified by the shop while
 * the player chooses, applied by the page's action under the form's transaction id.
 */
export function AddItemsForm({
  details,
  token,
  transactionId,
  answer,
  defaultQuote,
}: {
  details: EditDetails;
  token: string;
  transactionId: string;
  answer: AddAnswer | undefined;
  /** The loader's quote of the default choice (one whole single ticket). */
  defaultQuote?: SubscriptionChangeQuote;
}) {
  const id = useId();
  const { formRef, form, touched, setTouched, checked, verify, errors, submit, change } = useAddItems(
    details,
    answer,
    defaultQuote,
    id,
  );
  const fields = { idPrefix: id, form, errors, change };
  const quantity = /^\d{1,2}$/.test(form.quantityText)
    ? Math.min(Math.max(Number(form.quantityText), 1), details.maxQuantity)
    : 1;

  const formError = verify.formError ?? answer?.formError;
  const titleId = `${id}-title`;
  return (
    <section className="subscription-configurator subscription-edit__add" aria-labelledby={titleId}>
      <h2 id={titleId}>{text.addTitle}</h2>
      <Form
        ref={formRef}
        method="post"
        className="portal-form"
        onSubmit={submit}
        noValidate
        aria-labelledby={titleId}
      >
        <FormToken token={token} />
        <input type="hidden" name={FIELDS.transactionId} value={transactionId} />
        <fieldset>
          <legend>{text.addLegend}</legend>
          <ProductChoice {...fields} />
          <FractionChoice {...fields} details={details} />
          <XlOption {...fields} details={details} />
          <QuantityField {...fields} maxQuantity={details.maxQuantity} onBlur={() => setTouched(true)} />
          {form.productType === "SingleTicket" ? (
            <EndDigitFields {...fields} quantity={quantity} />
          ) : errors.of(FIELD.endDigits) ? (
            <p className="form-field__error" role="alert">
              {errors.of(FIELD.endDigits)}
            </p>
          ) : null}
        </fieldset>
        <ChangeQuote
          idPrefix={id}
          quote={verify.quote}
          pricing={verify.pricing}
          idle={touched && !checked.ok ? text.fixErrors : undefined}
        />
        <QuoteActions
          change="add"
          quoted={Boolean(verify.quote)}
          quotedKey={verify.quote && checked.ok ? quotedKey(checked.body) : undefined}
        />
        {/* Under the buttons: a refusal never moves what the player is about to press (issue 43). */}
        {formError ? (
          <p className="form-error" role="alert">
            {formError}
          </p>
        ) : null}
      </Form>
    </section>
  );
}
