import type { CommunicationPreferences } from "@/src/contract/communication-preferences";
import { formatDateTime } from "@/src/lib/format";
import { communicationPreferenceMessages as text } from "@/src/lib/messages";
import { channelFieldName, VERTICAL_FIELD } from "./preference-fields";

/**
 * One vertical's channels (issue 20, item 5): a checkbox per channel with the time of its last change.
 * Unticked by default unless the player chose the channel: no pre-ticked consent.
 */
export function PreferencesFieldset({
  preferences,
  idPrefix,
}: {
  preferences: CommunicationPreferences;
  idPrefix: string;
}) {
  const { vertical } = preferences;
  return (
    <fieldset className="preferences__vertical">
      <legend>{text.verticals[vertical]}</legend>
      <input type="hidden" name={VERTICAL_FIELD} value={vertical} />
      {preferences.channels.map((row) => {
        const id = `${idPrefix}-${vertical}-${row.channel}`;
        return (
          <div key={row.channel} className="form-field form-field--checkbox">
            <input
              id={id}
              type="checkbox"
              name={channelFieldName(vertical, row.channel)}
              value="on"
              defaultChecked={row.enabled}
              aria-describedby={`${id}-changed`}
            />
            <div>
              <label htmlFor={id}>{text.channels[row.channel]}</label>
              <p id={`${id}-changed`} className="form-field__hint">
                {row.lastChangedAt ? text.lastChanged(formatDateTime(row.lastChangedAt)) : text.neverChanged}
              </p>
            </div>
          </div>
        );
      })}
    </fieldset>
  );
}
