import { Link } from "react-router";
import type { Vertical } from "@/src/domain/communication-preferences/preferences";
import { communicationPreferenceMessages, unsubscribePage as text } from "@/src/lib/messages";
import { PageFrame } from "@/src/shop/app/components/page-frame";

/**
 * The one-click unsubscribe body (RFC 8058). The page's button posts exactly this too, so the page's action
 * has one way to be asked, and a mail provider's post and the player's press are the same request.
 */
export const ONE_CLICK = { name: "List-Unsubscribe", value: "One-Click" } as const;

/** What the link turns off, or why it cannot. */
export type UnsubscribeLink = { vertical?: Vertical; error?: string };
/** What the press came to. */
export type UnsubscribeOutcome = { vertical?: Vertical; changed?: boolean; error?: string };

function PreferencesLink() {
  return (
    <p>
      {text.changeLater} <Link to="/mijn/voorkeuren">{text.preferencesLink}</Link>.
    </p>
  );
}

/**
 * `/afmelden` (issue 42): what the link turns off and one button; after the press, what was done. The
 * form has no `action`: it posts to the page's own address, the token in its query included. A plain form,
 * so it works before and without JavaScript.
 */
export function UnsubscribeView({ link, outcome }: { link: UnsubscribeLink; outcome?: UnsubscribeOutcome }) {
  const name = (vertical: Vertical) => communicationPreferenceMessages.verticals[vertical];
  if (outcome?.vertical) {
    const vertical = name(outcome.vertical);
    return (
      <PageFrame title={text.title}>
        <p role="status">{outcome.changed ? text.done(vertical) : text.alreadyOff(vertical)}</p>
        <p>{text.keeps}</p>
        <PreferencesLink />
      </PageFrame>
    );
  }
  const error = outcome?.error ?? link.error;
  if (error || !link.vertical) {
    return (
      <PageFrame title={text.title}>
        <p role="alert">{error ?? text.invalidLink}</p>
        <PreferencesLink />
      </PageFrame>
    );
  }
  return (
    <PageFrame title={text.title} intro={text.intro(name(link.vertical))}>
      <p>{text.keeps}</p>
      <form method="post" className="portal-form" aria-label={text.title}>
        <button type="submit" className="button" name={ONE_CLICK.name} value={ONE_CLICK.value}>
          {text.button}
        </button>
      </form>
    </PageFrame>
  );
}
