import type { ReactNode } from "react";

export type Bank = { id: string; name: string };

/**
 * The iDIN bank choice (the age check and redeeming a gift without an account): a labelled `<select>` of
 * the banks with an empty first option, its error linked for screen readers. `children` follows the select
 * inside the field (the field's error message).
 */
export function BankSelect({
  id,
  label,
  placeholder,
  banks,
  defaultValue = "",
  invalid,
  describedBy,
  children,
}: {
  id: string;
  label: string;
  /** The empty first option ("Kies je bank"). */
  placeholder: string;
  banks: readonly Bank[];
  defaultValue?: string;
  invalid?: boolean;
  describedBy?: string;
  children?: ReactNode;
}) {
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name="issuerId"
        defaultValue={defaultValue}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
      >
        <option value="">{placeholder}</option>
        {banks.map((bank) => (
          <option key={bank.id} value={bank.id}>
            {bank.name}
          </option>
        ))}
      </select>
      {children}
    </div>
  );
}
