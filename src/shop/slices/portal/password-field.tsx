import { useState } from "react";
import { PASSWORD_RULES } from "@/src/domain/portal/password-rules";
import { portal } from "@/src/lib/messages";
import { FormField } from "@/src/shop/components/form-field";

/**
 * A password the player chooses (registration, a reset link, a change under /mijn/profiel), with the rules marked as they are met. Never
 * filled in again after a failure.
 */
export function NewPasswordField({
  id = "password",
  label = portal.password,
  error,
}: {
  /** The field's id and name; `password` unless the API names it otherwise (a change's `newPassword`). */
  id?: string;
  label?: string;
  error: string | undefined;
}) {
  const [password, setPassword] = useState("");
  return (
    <FormField
      id={id}
      label={label}
      type="password"
      autoComplete="new-password"
      required
      value={password}
      onChange={(event) => setPassword(event.target.value)}
      error={error}
      hint={
        <>
          <span>{portal.passwordRulesTitle}</span>
          <ul className="password-rules">
            {PASSWORD_RULES.map((rule) => (
              <li key={rule.id} data-met={rule.test(password)}>
                {rule.test(password) ? "✓ " : "○ "}
                {rule.label}
              </li>
            ))}
          </ul>
        </>
      }
    />
  );
}
