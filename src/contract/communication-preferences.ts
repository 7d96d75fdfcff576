import { z } from "zod";
import {
  CHANNELS,
  LOCATIONS,
  MAX_NAME_LENGTH,
  VERTICALS,
} from "@/src/domain/communication-preferences/preferences";
import { communicationPreferenceMessages as text, unsubscribePage } from "@/src/lib/messages";
import { defineEndpoint } from "./define";

/**
 * Communication preferences (issue 20, item 5; spec section 7, portal calls): per vertical the channels
 * e-mail, post, telephone and SMS, each on or off with the time of its last change. `location` says where
 * the form is shown (`mijn`: `/mijn/voorkeuren`, `campagne`: the block on a campaign page) and is stored
 * with every change as consent evidence. An unknown vertical is 404 when read and 422 at the field when
 * set, as is an unknown channel; nothing of such a request is saved. A marketing e-mail's unsubscribe link
 * (issue 42) turns a vertical's e-mail off without a login, by its signed token; a token that does not hold
 * is 404.
 */

const iso = z.iso.datetime({ offset: true });
const location = z.enum(LOCATIONS, { error: text.location });

export const ChannelPreferenceSchema = z.object({
  channel: z.enum(CHANNELS),
  enabled: z.boolean(),
  /** When the player last changed it; null while never chosen (then it is off). */
  lastChangedAt: iso.nullable(),
});
export type ChannelPreferenceView = z.infer<typeof ChannelPreferenceSchema>;

export const CommunicationPreferencesSchema = z.object({
  vertical: z.enum(VERTICALS),
  location,
  /** Always the four channels, in the order e-mail, post, telephone, SMS. */
  channels: z.array(ChannelPreferenceSchema),
});
export type CommunicationPreferences = z.infer<typeof CommunicationPreferencesSchema>;

/** A channel's name as sent: known ones are checked by the handler, so an unknown one gets its own message. */
const channelName = z.string().min(1, text.unknownChannel).max(MAX_NAME_LENGTH, text.unknownChannel);

export const getCommunicationPreferences = defineEndpoint({
  method: "GET",
  path: "/api/my/common/communication-preferences/v2/{vertical}",
  summary:
    "The player's communication preferences for a vertical, per channel with the time of its last change",
  slice: "communication-preferences",
  backend: "portal",
  auth: "player",
  params: z.object({ vertical: z.string().max(MAX_NAME_LENGTH) }),
  query: z.object({ location }),
  response: CommunicationPreferencesSchema,
  errors: { 400: [], 401: [], 404: ["UnknownVerticalError"] },
});

export const setCommunicationPreferences = defineEndpoint({
  method: "POST",
  path: "/api/my/common/communication-preferences/v2",
  summary:
    "Sets channels of a vertical on or off; each change is recorded with its time and where it was made",
  slice: "communication-preferences",
  backend: "portal",
  auth: "player",
  body: z.object({
    vertical: z.string({ error: text.unknownVertical }).max(MAX_NAME_LENGTH, text.unknownVertical),
    location,
    /** Only the channels sent change, e.g. `{ "email": true, "sms": false }`. */
    channels: z
      .record(channelName, z.boolean({ error: text.channelValue }), { error: text.noChannels })
      .refine((channels) => Object.keys(channels).length > 0, text.noChannels)
      .refine((channels) => Object.keys(channels).length <= CHANNELS.length * 2, text.unknownChannel),
  }),
  response: CommunicationPreferencesSchema,
  errors: { 400: [], 401: [], 422: ["UnknownVerticalError", "UnknownChannelError"] },
});

/** A marketing e-mail's unsubscribe token (issue 42): signed by the API, read only by it. */
const UnsubscribeTokenSchema = z
  .string({ error: unsubscribePage.invalidLink })
  .min(1, unsubscribePage.invalidLink)
  .max(1000, unsubscribePage.invalidLink);

export const UnsubscribeTargetSchema = z.object({ vertical: z.enum(VERTICALS) });

/**
 * The unsubscribe link's calls come from a page without a login, and the one-click POST (RFC 8058) from mail
 * providers, many players behind one address: the limit is per address, but wide.
 */
const UNSUBSCRIBE_RATE_LIMIT = { limit: 300, windowMs: 60_000 };

export const readUnsubscribeLink = defineEndpoint({
  method: "GET",
  path: "/api/communication-preferences/unsubscribe",
  summary: "The vertical whose e-mails a marketing e-mail's unsubscribe link turns off; changes nothing",
  slice: "communication-preferences",
  backend: "shop",
  auth: "none",
  query: z.object({ token: UnsubscribeTokenSchema }),
  response: UnsubscribeTargetSchema,
  errors: { 400: [], 404: [], 429: ["RateLimitError"] },
  rateLimit: UNSUBSCRIBE_RATE_LIMIT,
});

export const unsubscribeByLink = defineEndpoint({
  method: "POST",
  path: "/api/communication-preferences/unsubscribe",
  summary:
    "Turns off the e-mail channel of the vertical a marketing e-mail's unsubscribe link names, without a login (the link's signed token), recorded with location `afmeldlink`",
  slice: "communication-preferences",
  backend: "shop",
  auth: "none",
  body: z.object({ token: UnsubscribeTokenSchema }),
  response: UnsubscribeTargetSchema.extend({
    /** False when the channel was off already: nothing changed, nothing was recorded. */
    changed: z.boolean(),
  }),
  errors: { 400: [], 404: [], 429: ["RateLimitError"] },
  rateLimit: UNSUBSCRIBE_RATE_LIMIT,
});

export const communicationPreferenceEndpoints = [
  getCommunicationPreferences,
  setCommunicationPreferences,
  readUnsubscribeLink,
  unsubscribeByLink,
] as const;
