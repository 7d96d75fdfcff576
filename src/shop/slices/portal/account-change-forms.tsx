import { type ReactNode, useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { accountChangePages as text } from "@/src/lib/messages";
import { FormField } from "@/src/shop/components/form-field";
import { FormToken } from "@/src/shop/components/form-token";
import { PROFILE_FORM_INTENT, type ProfileFormName, type ProfileFormOutcome } from "./account-change-outcome";
import { NewPasswordField } from "./password-field";

type FormProps = { token: string; outcome: ProfileFormOutcome | undefined };

/** The outcome of this form only: the other form's stays with the other form. */
function own(name: ProfileFormName, outcome: ProfileFormOutcome | undefined) {
  return outcome?.form === name ? outcome : undefined;
}

/** Whether this form is on its way (its button waits meanwhile). */
function usePending(name: ProfileFormName): boolean {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get(PROFILE_FORM_INTENT) === name;
}

/** The refusal above the form, or what the change did; focused when it arrives so a screen reader reads it. */
function Outcome({ outcome }: { outcome: ProfileFormOutcome | undefined }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (outcome) ref.current?.focus();
  }, [outcome]);
  if (outcome?.notice) {
    return (
      <p ref={ref} className="notice" role="status" tabIndex={-1}>
        {outcome.notice}
      </p>
    );
  }
  if (outcome?.message) {
    return (
      <p ref={ref} className="form-error" role="alert" tabIndex={-1}>
        {outcome.message}
      </p>
    );
  }
  return null;
}

/**
 * Counts the form's answers: each one renders the form anew, so no password stays in a field after a
 * refusal (as without JavaScript, where the page comes back with only the address filled in again).
 */
function useAnswerRound(outcome: ProfileFormOutcome | undefined): number {
  const [answered, setAnswered] = useState(outcome);
  const [round, setRound] = useState(0);
  if (outcome !== answered) {
    setAnswered(outcome);
    setRound((count) => count + 1);
  }
  return round;
}

/**
 * A form of /mijn/profiel: posts to the page's action with its `intent`, with JavaScript (React Router's
 * `<Form>`) and without (the browser's POST).
 */
function ProfileForm({
  name,
  title,
  token,
  outcome,
  children,
}: FormProps & { name: ProfileFormName; title: string; children: ReactNode }) {
  const pending = usePending(name);
  const round = useAnswerRound(outcome);
  return (
    <Form key={round} method="post" className="portal-form" aria-label={title} noValidate preventScrollReset>
      <FormToken token={token} />
      <input type="hidden" name={PROFILE_FORM_INTENT} value={name} />
      <Outcome outcome={outcome} />
      {children}
      <div className="portal-form__actions">
        <button type="submit" className="button" disabled={pending}>
          {pending ? text.saving : name === "password" ? text.savePassword : text.saveEmail}
        </button>
      </div>
    </Form>
  );
}

/** Issue 43: a new password, with the current one; the registration's rules, marked as they are met. */
export function PasswordChangeForm({ token, outcome }: FormProps) {
  const result = own("password", outcome);
  const field = (name: string) => result?.fieldErrors[name]?.[0];
  return (
    <section aria-labelledby="password-change-title">
      <h2 id="password-change-title">{text.passwordTitle}</h2>
      <ProfileForm name="password" title={text.passwordTitle} token={token} outcome={result}>
        <FormField
          id="currentPassword"
          label={text.currentPassword}
          type="password"
          autoComplete="current-password"
          required
          error={field("currentPassword")}
        />
        <NewPasswordField id="newPassword" label={text.newPassword} error={field("newPassword")} />
      </ProfileForm>
    </section>
  );
}

/** Issue 43: a new e-mail address, with the current password; it changes once its link is followed. */
export function EmailChangeForm({ token, outcome }: FormProps) {
  const result = own("email", outcome);
  const field = (name: string) => result?.fieldErrors[name]?.[0];
  return (
    <section aria-labelledby="email-change-title">
      <h2 id="email-change-title">{text.emailTitle}</h2>
      <p>{text.emailIntro}</p>
      <ProfileForm name="email" title={text.emailTitle} token={token} outcome={result}>
        <FormField
          id="newEmail"
          label={text.newEmail}
          type="email"
          autoComplete="off"
          required
          defaultValue={result?.values.newEmail}
          error={field("newEmail")}
        />
        <FormField
          id="emailCurrentPassword"
          name="currentPassword"
          label={text.currentPassword}
          type="password"
          autoComplete="current-password"
          required
          error={field("currentPassword")}
        />
      </ProfileForm>
    </section>
  );
}
