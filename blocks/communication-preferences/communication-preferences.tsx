import { type FormEvent, useEffect, useId, useState } from "react";
import { Link, useLocation } from "react-router";
import type { CommunicationPreferencesFields } from "@/content-models/communication-preferences";
import { ApiError } from "@/src/api/client/api-error";
import {
  type CommunicationPreferences,
  getCommunicationPreferences,
  setCommunicationPreferences,
} from "@/src/api/contract/communication-preferences";
import { ApiProvider, useApiClients } from "@/src/components/api-context";
import { FormOutcome, type FormOutcomeState } from "@/src/components/form-outcome";
import { useShell } from "@/src/components/shell-context";
import { useHydrated } from "@/src/components/use-hydrated";
import { channelsInForm } from "@/src/features/communication-preferences/preference-fields";
import { PreferencesFieldset } from "@/src/features/communication-preferences/preferences-fieldset";
import { usePlayer } from "@/src/features/player/player-store";
import { general, communicationPreferenceMessages as text } from "@/src/lib/messages";
import type { BlockComponentProps } from "../block-props";

/**
 * CMS block: the communication preferences of one vertical on a campaign page (issue 20, item 5), saved
 * with location `campagne`. The page is shared by every visitor, so the player's choices are read in the
 * browser, and only when the login cookie says there is a player (a visitor gets a login link). Without
 * JavaScript it points to `/mijn/voorkeuren`, where the same choices are a plain form.
 */
export default function CommunicationPreferencesBlock({ block }: BlockComponentProps) {
  const props = block.props as CommunicationPreferencesFields;
  return (
    <ApiProvider>
      <CommunicationPreferencesPanel {...props} />
    </ApiProvider>
  );
}

type State =
  | { status: "loading" }
  | { status: "login" }
  | { status: "failed"; message: string }
  | { status: "ready"; preferences: CommunicationPreferences };

/** What went wrong in Dutch: the reason at a field, else the text of the code or status. */
function messageOf(error: unknown): string {
  if (!(error instanceof ApiError)) return general.generic;
  return Object.values(error.fieldErrors).flat()[0] ?? error.message;
}

function CommunicationPreferencesPanel({ pageId, title, vertical }: CommunicationPreferencesFields) {
  const id = useId();
  const clients = useApiClients();
  const { env } = useShell();
  const player = usePlayer(env).status;
  const { pathname, search } = useLocation();
  const hydrated = useHydrated();
  const [state, setState] = useState<State>({ status: "loading" });
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<FormOutcomeState>();

  useEffect(() => {
    if (player === "notLoggedIn" || player === "loggingOut") setState({ status: "login" });
    if (player === "error") setState({ status: "failed", message: general.generic });
    if (player !== "player") return;
    let current = true;
    clients.portal
      .call(getCommunicationPreferences, { params: { vertical }, query: { location: "campagne" } })
      .then(
        (preferences) => current && setState({ status: "ready", preferences }),
        (error: unknown) => {
          if (!current) return;
          if (error instanceof ApiError && error.status === 401) setState({ status: "login" });
          else setState({ status: "failed", message: messageOf(error) });
        },
      );
    return () => {
      current = false;
    };
  }, [clients, vertical, player]);

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
      setState({ status: "ready", preferences: saved });
      setOutcome({ notice: text.saved });
    } catch (error) {
      setOutcome({ formError: messageOf(error) });
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

  if (state.status === "loading") {
    if (hydrated) return shell(<p aria-busy="true">{text.loading}</p>);
    return shell(
      <noscript>
        <p>
          {text.noScript} <Link to="/mijn/voorkeuren">{text.myPreferences}</Link>.
        </p>
      </noscript>,
    );
  }
  if (state.status === "login") {
    return shell(
      <p>
        {text.loginText}{" "}
        <Link to={`/inloggen?returnUrl=${encodeURIComponent(pathname + search)}`} reloadDocument>
          {text.loginLink}
        </Link>
      </p>,
    );
  }
  if (state.status === "failed") {
    return shell(
      <p className="form-error" role="alert">
        {state.message}
      </p>,
    );
  }
  const { preferences } = state;
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
