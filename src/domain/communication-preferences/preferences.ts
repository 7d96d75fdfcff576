/**
 * Communication preferences (issue 20, item 5; spec section 7, portal calls): per vertical (the lottery's
 * brands) whether the player may be approached by e-mail, post, telephone and SMS. Every channel starts
 * off: consent is given, never presumed, so a channel the player never chose reads as off, without a time.
 */

export const VERTICALS = ["kroonloterij", "miljoenenspel"] as const;
export type Vertical = (typeof VERTICALS)[number];

export const CHANNELS = ["email", "post", "telephone", "sms"] as const;
export type Channel = (typeof CHANNELS)[number];

/** Where the form was shown: `/mijn/voorkeuren`, or the block on a campaign page. Stored with each change. */
export const LOCATIONS = ["mijn", "campagne"] as const;
export type PreferenceLocation = (typeof LOCATIONS)[number];

/**
 * Where a change was made, as stored with it: a form (`LOCATIONS`), or the unsubscribe link of a marketing
 * e-mail (issue 42), which no form offers and the preferences API therefore does not accept.
 */
export const CHANGE_LOCATIONS = [...LOCATIONS, "afmeldlink"] as const;
export type ChangeLocation = (typeof CHANGE_LOCATIONS)[number];

/** The longest vertical or channel name read from a request (the known ones are far shorter). */
export const MAX_NAME_LENGTH = 40;

export function isVertical(value: string): value is Vertical {
  return (VERTICALS as readonly string[]).includes(value);
}

export function isChannel(value: string): value is Channel {
  return (CHANNELS as readonly string[]).includes(value);
}

export type ChannelPreference = { channel: Channel; enabled: boolean; lastChangedAt: Date | null };

/** A stored choice of one channel. */
export type StoredChoice = { channel: string; enabled: boolean; changedAt: Date };

/**
 * The four channels of a vertical in their fixed order, from what is stored: a channel without a stored
 * choice is off and has no time; a stored row of a channel no longer offered is left out.
 */
export function channelPreferences(stored: readonly StoredChoice[]): ChannelPreference[] {
  return CHANNELS.map((channel) => {
    const choice = stored.find((row) => row.channel === channel);
    return choice
      ? { channel, enabled: choice.enabled, lastChangedAt: choice.changedAt }
      : { channel, enabled: false, lastChangedAt: null };
  });
}

export type PreferenceChange = { channel: Channel; enabled: boolean };

export type CheckedChanges =
  | { ok: true; vertical: Vertical; changes: PreferenceChange[] }
  | { ok: false; unknownVertical: boolean; unknownChannels: string[] };

/**
 * A request to set channels of a vertical, checked against the verticals and channels offered. Nothing
 * is saved from a request that names one it does not know: a half-understood consent is no consent.
 */
export function checkChanges(vertical: string, channels: Readonly<Record<string, boolean>>): CheckedChanges {
  const unknownChannels = Object.keys(channels).filter((channel) => !isChannel(channel));
  if (!isVertical(vertical) || unknownChannels.length > 0) {
    return { ok: false, unknownVertical: !isVertical(vertical), unknownChannels };
  }
  const changes = CHANNELS.filter((channel) => Object.hasOwn(channels, channel)).map((channel) => ({
    channel,
    enabled: channels[channel] === true,
  }));
  return { ok: true, vertical, changes };
}
