import {
  CHANNELS,
  type Channel,
  isVertical,
  type Vertical,
} from "@/src/domain/communication-preferences/preferences";

/**
 * The fields of the preferences form, read the same way by the page's action (a plain post) and by the
 * block in the browser: one hidden `vertical` per vertical shown, one checkbox per channel of it. A
 * checkbox left unticked is not sent, so every channel of a vertical shown is set, on or off.
 */
export const VERTICAL_FIELD = "vertical";

export function channelFieldName(vertical: Vertical, channel: Channel): string {
  return `${vertical}.${channel}`;
}

type FormFields = { get(name: string): unknown; getAll(name: string): unknown[] };

/** The verticals the form showed (known ones, each once). */
export function verticalsInForm(form: FormFields): Vertical[] {
  const named = form.getAll(VERTICAL_FIELD).filter((value): value is string => typeof value === "string");
  return [...new Set(named.filter(isVertical))];
}

/** Every channel of a vertical, ticked or not. */
export function channelsInForm(form: FormFields, vertical: Vertical): Record<Channel, boolean> {
  return Object.fromEntries(
    CHANNELS.map((channel) => [channel, form.get(channelFieldName(vertical, channel)) === "on"]),
  ) as Record<Channel, boolean>;
}
