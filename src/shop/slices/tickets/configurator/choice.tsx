import type { ReactNode } from "react";
import { FieldError, type FieldErrors } from "@/src/shop/components/field-error";

/** Radios under one legend; a server error on the group is read out with the group. */
export function ChoiceGroup({
  legend,
  name,
  errors,
  children,
}: {
  legend: string;
  /** The input name the group's radios share, under which its error is found. */
  name: string;
  errors: FieldErrors;
  children: ReactNode;
}) {
  return (
    <fieldset aria-describedby={errors.idOf(name)}>
      <legend>{legend}</legend>
      {children}
      <FieldError errors={errors} name={name} />
    </fieldset>
  );
}

export function Choice({
  id,
  name,
  value,
  checked,
  onChange,
  label,
  hint,
}: {
  id: string;
  name: string;
  value: string;
  checked: boolean;
  onChange: () => void;
  label: string;
  hint?: string;
}) {
  return (
    <div className="form-field form-field--checkbox">
      <input
        type="radio"
        id={id}
        name={name}
        value={value}
        checked={checked}
        onChange={onChange}
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      <div>
        <label htmlFor={id}>{label}</label>
        {hint ? (
          <p id={`${id}-hint`} className="form-field__hint">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}
