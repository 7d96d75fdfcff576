import { subscriptionEditPage as text } from "@/src/lib/messages";
import { useHydrated } from "@/src/shop/components/use-hydrated";
import { FIELDS, type Intent } from "./edit-answer";

/** Per change the form makes: its verify intent, its confirm intent and the confirm button's text. */
const CHANGES = {
  add: { verify: "verifyAdd", confirm: "add", confirmText: text.confirmAdd },
  update: { verify: "verifyUpdate", confirm: "update", confirmText: text.confirmChange },
} as const satisfies Record<string, { verify: Intent; confirm: Intent; confirmText: string }>;

/**
 * The "calculate" button before hydration, and once the change is quoted its key and the confirm button.
 * Shared by the add form and the item change form.
 */
export function QuoteActions({
  change,
  quoted,
  quotedKey,
}: {
  change: keyof typeof CHANGES;
  quoted: boolean;
  quotedKey: string | undefined;
}) {
  const hydrated = useHydrated();
  const intents = CHANGES[change];
  return (
    <div className="portal-form__actions">
      {!hydrated ? (
        <button
          type="submit"
          name={FIELDS.intent}
          value={intents.verify}
          className="button button--secondary"
        >
          {text.verify}
        </button>
      ) : null}
      {quotedKey !== undefined ? <input type="hidden" name={FIELDS.quoted} value={quotedKey} /> : null}
      {quoted ? (
        <button type="submit" name={FIELDS.intent} value={intents.confirm} className="button">
          {intents.confirmText}
        </button>
      ) : null}
    </div>
  );
}
