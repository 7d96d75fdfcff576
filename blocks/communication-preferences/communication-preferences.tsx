import { type FormEvent, useId, useState } from "react";
import { Link } from "react-router";
import type { CommunicationPreferencesFields } from "@/content-models/communication-preferences";
import {
  getCommunicationPreferences,
  setCommunicationPreferences,
} from "@/src/contract/communication-preferences";
import { communicationPreferenceMessages as text } from "@/src/lib/messages";
import { endpointQueryOptions } from "@/src/shop/client/query-client";
import { ApiProvider, useApiClients } from "@/src/shop/components/api-context";
import { FormOutcome, type FormOutcomeState } from "@/src/shop/components/form-outcome";
import { channelsInForm } from "@/src/shop/slices/communication-preferences/preference-fields";
import { PreferencesFieldset } from "@/src/shop/slices/communication-preferences/preferences-fieldset";
import { PlayerBlockStatus, problemMessage, usePlayerBlockData } from "@/src/shop/slices/player/player-block";
import type { BlockViewProps } from "../block-view-props";

/**
 * CMS block: the communication preferences of one vertical on a campaign page (issue 20, item 5), saved
 * with location `campagne`. The page is shared by every visitor, so the player's choices are read in the
 * browser, and only when the login cookie says there is a player (a visitor gets a login link). Without
 * JavaScript it points to `/mijn/voorkeuren`, where the same choices are a plain form.
 */
export default function CommunicationPreferencesBlock({ block }: BlockViewProps<"communicationPreferences">) {
  const { props } = block;
  return (
    <ApiProvider>
      <CommunicationPreferencesPanel {...props} />
    </ApiProvider>
  );
}

function CommunicationPreferencesPanel({ pageId, title, vertical }: CommunicationPreferencesFields) {
  const id = useId();
  const clients = useApiClients();
  const { state, show } = usePlayerBlockData(
    endpointQueryOptions(clients.portal, getCommunicationPreferences, {
      params: { vertical },
      query: { location: "campagne" },
    }),
  );
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<FormOutcomeState>();

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaving(true);
    setOutcome(undefined);
    try {
      const saved = await clients.portal.call(setCommunicationPreferences, {
        body: {
          vertical,
          location: "campagne",
          channels: channelsInForm(new FormData(event.currentTarget), vertical),
        },
      });
      show(saved);
      setOutcome({ notice: text.saved });
    } catch (error) {
      setOutcome({ formError: problemMessage(error) });
    } finally {
      setSaving(false);
    }
  };

  const shell = (content: React.ReactNode) => (
    <section className="communication-preferences card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {content}
    </section>
  );

  if (state.status !== "ready") {
    return shell(
      <PlayerBlockStatus
        state={state}
        texts={text}
        noScript={
          <p>
            {text.noScript} <Link to="/mijn/voorkeuren">{text.myPreferences}</Link>.
          </p>
        }
      />,
    );
  }
  const preferences = state.data;
  return shell(
    <form className="portal-form" aria-labelledby={`${id}-title`} onSubmit={save} noValidate>
      <FormOutcome outcome={outcome} />
      <PreferencesFieldset
        key={preferences.channels.map((row) => row.lastChangedAt).join()}
        preferences={preferences}
        idPrefix={pageId}
      />
      <div className="portal-form__actions">
        <button type="submit" className="button" disabled={saving}>
          {saving ? text.saving : text.save}
        </button>
      </div>
    </form>,
  );
}
