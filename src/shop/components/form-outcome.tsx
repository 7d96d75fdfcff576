import { useEffect, useRef } from "react";

/** What a form's submission came to: a refusal, or what it did. */
export type FormOutcomeState = { formError?: string; notice?: string };

/** The refusal or the confirmation of a form, focused when it arrives so a screen reader reads it. */
export function FormOutcome({ outcome }: { outcome: FormOutcomeState | undefined }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (outcome?.formError || outcome?.notice) ref.current?.focus();
  }, [outcome]);
  if (outcome?.formError) {
    return (
      <p ref={ref} className="form-error" role="alert" tabIndex={-1}>
        {outcome.formError}
      </p>
    );
  }
  if (outcome?.notice) {
    return (
      <p ref={ref} className="notice" role="status" tabIndex={-1}>
        {outcome.notice}
      </p>
    );
  }
  return null;
}
