import { Form, useNavigation } from "react-router";
import type { CommunicationPreferences } from "@/src/contract/communication-preferences";
import { communicationPreferenceMessages as text } from "@/src/lib/messages";
import { FormOutcome, type FormOutcomeState } from "@/src/shop/components/form-outcome";
import { FormToken } from "@/src/shop/components/form-token";
import { PreferencesFieldset } from "./preferences-fieldset";

/**
 * `/mijn/voorkeuren` (issue 20, item 5): every vertical's channels in one form that posts to the page's
 * action, so it works with and without JavaScript.
 */
export function PreferencesForm({
  preferences,
  token,
  outcome,
}: {
  preferences: readonly CommunicationPreferences[];
  token: string;
  outcome?: FormOutcomeState;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" className="portal-form preferences" aria-label={text.title} noValidate>
      <FormToken token={token} />
      <FormOutcome outcome={outcome} />
      {preferences.map((vertical) => (
        // A new key once saved: the boxes start again from what was stored.
        <PreferencesFieldset
          key={`${vertical.vertical}-${vertical.channels.map((row) => row.lastChangedAt).join()}`}
          preferences={vertical}
          idPrefix="mijn"
        />
      ))}
      <div className="portal-form__actions">
        <button type="submit" className="button" disabled={busy}>
          {busy ? text.saving : text.save}
        </button>
      </div>
    </Form>
  );
}
