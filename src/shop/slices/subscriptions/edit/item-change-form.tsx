import { type ReactNode, useId, useRef, useState } from "react";
import { Form } from "react-router";
import { verifyUpdateSubscriptionItem } from "@/src/contract/subscription-changes";
import type { SubscriptionItem } from "@/src/contract/subscriptions";
import { describeItem } from "@/src/domain/subscriptions/item-description";
import { subscriptionEditPage as text } from "@/src/lib/messages";
import { describedBy, FieldError, type FieldErrors } from "@/src/shop/components/field-error";
import { FormToken } from "@/src/shop/components/form-token";
import { type ChoiceForm, FIELD } from "../choice-form";
import {
  EndDigitFields,
  FixedNumberOption,
  FractionChoice,
  MonthsChoice,
  ProductChoice,
  XlOption,
} from "../configurator-fields";
import { ChangeQuote } from "./change-quote";
import { type EditAnswer, FIELDS } from "./edit-answer";
import type { EditDetails } from "./edit-details";
import {
  checkItemForm,
  type ItemForm,
  itemFormOf,
  MULTIPLIER_FIELD,
  quotedKey,
  sameAsItem,
} from "./item-form";
import { QuoteActions } from "./quote-actions";
import { useChangeVerify } from "./use-change-verify";
import { useEditFormErrors } from "./use-edit-form-errors";

type UpdateAnswer = Extract<EditAnswer, { kind: "update" }>;

/** The item's form as the player edits it, the shop's verdict on the change, and the form's errors. */
function useItemChange(item: SubscriptionItem, answer: UpdateAnswer | undefined, id: string) {
  const formRef = useRef<HTMLFormElement>(null);
  const [form, setForm] = useState<ItemForm>(() => answer?.values ?? itemFormOf(item));
  const [touched, setTouched] = useState(false);

  const checked = checkItemForm(item.id, form);
  const body = checked.ok && !sameAsItem(item, checked.body) ? checked.body : undefined;
  const initial = answer?.quote && answer.values ? checkItemForm(item.id, answer.values) : undefined;
  const verify = useChangeVerify(
    verifyUpdateSubscriptionItem,
    body,
    answer?.quote && initial?.ok ? { body: initial.body, quote: answer.quote } : undefined,
  );

  // A refusal of the action (the apply's 422) moves focus to its first field.
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
    setForm((before) => ({ ...before, ...update(before) }));
    changed(name);
  };
  const chooseMultiplier = (multiplier: string) => {
    setForm((before) => ({ ...before, multiplier }));
    changed(MULTIPLIER_FIELD);
  };
  return { formRef, form, checked, body, verify, errors, submit, change, chooseMultiplier };
}

/**
 * One item of the subscription with its update fields (spec section 3): product, fraction, XL, end
 * digits (single tickets), a fixed number, the months and the multiplier. While the player edits, the shop
 * verifies the change and the new monthly amount shows before the confirm button; the form posts to the
 * page's action, which applies it under the form's transaction id. Without JavaScript the "calculate"
 * button asks the action for the quote instead.
 */
export function ItemChangeForm({
  item,
  index,
  details,
  token,
  transactionId,
  answer,
  removeForm,
}: {
  item: SubscriptionItem;
  index: number;
  details: EditDetails;
  token: string;
  transactionId: string;
  /** The action's answer to this item's form, if any. */
  answer: UpdateAnswer | undefined;
  /** The item's remove form, shown under its change form. */
  removeForm?: ReactNode;
}) {
  const id = useId();
  const { formRef, form, checked, body, verify, errors, submit, change, chooseMultiplier } = useItemChange(
    item,
    answer,
    id,
  );
  const fields = { idPrefix: id, form, errors, change };

  const formError = verify.formError ?? answer?.formError;
  const titleId = `${id}-title`;
  return (
    <section className="subscription-configurator subscription-edit__item" aria-labelledby={titleId}>
      <h3 id={titleId}>{text.itemTitle(index + 1, describeItem(item))}</h3>
      <Form
        ref={formRef}
        method="post"
        className="portal-form"
        onSubmit={submit}
        noValidate
        aria-labelledby={titleId}
      >
        <FormToken token={token} />
        <input type="hidden" name={FIELDS.itemId} value={item.id} />
        <input type="hidden" name={FIELDS.transactionId} value={transactionId} />
        <fieldset>
          <legend>{text.changeItemLegend}</legend>
          <ProductChoice {...fields} />
          <FractionChoice {...fields} details={details} />
          <XlOption {...fields} details={details} />
          {form.productType === "SingleTicket" ? (
            <EndDigitFields {...fields} quantity={1} />
          ) : errors.of(FIELD.endDigits) ? (
            <p className="form-field__error" role="alert">
              {errors.of(FIELD.endDigits)}
            </p>
          ) : null}
          <FixedNumberOption {...fields} />
          <MonthsChoice {...fields} minMonths={details.minParticipatingMonths} />
          <MultiplierField {...fields} multipliers={details.multipliers} onChoose={chooseMultiplier} />
        </fieldset>
        <ChangeQuote
          idPrefix={id}
          quote={verify.quote}
          pricing={verify.pricing}
          idle={!checked.ok ? text.fixErrors : body === undefined ? text.noChange : undefined}
        />
        <QuoteActions
          change="update"
          quoted={Boolean(verify.quote)}
          quotedKey={verify.quote && checked.ok ? quotedKey(checked.body) : undefined}
        />
        {formError ? (
          <p className="form-error" role="alert">
            {formError}
          </p>
        ) : null}
      </Form>
      {removeForm}
    </section>
  );
}

function MultiplierField({
  idPrefix,
  form,
  errors,
  multipliers,
  onChoose,
}: {
  idPrefix: string;
  form: ItemForm;
  errors: FieldErrors;
  multipliers: readonly number[];
  onChoose: (multiplier: string) => void;
}) {
  const multiplierId = `${idPrefix}-multiplier`;
  return (
    <div className="form-field">
      <label htmlFor={multiplierId}>{text.multiplierLabel}</label>
      <select
        id={multiplierId}
        name={MULTIPLIER_FIELD}
        value={form.multiplier}
        onChange={(event) => onChoose(event.currentTarget.value)}
        aria-invalid={errors.of(MULTIPLIER_FIELD) ? true : undefined}
        aria-describedby={describedBy(errors.idOf(MULTIPLIER_FIELD))}
      >
        {multipliers.map((times) => (
          <option key={times} value={String(times)}>
            {text.multiplierOption(times)}
          </option>
        ))}
      </select>
      <FieldError errors={errors} name={MULTIPLIER_FIELD} reserved />
    </div>
  );
}
