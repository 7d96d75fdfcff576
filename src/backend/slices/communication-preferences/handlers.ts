import { refusalFields } from "@/src/backend/http/domain-error-status";
import { HttpProblem } from "@/src/backend/http/problem-error";
import { type HandlerContext, implement } from "@/src/backend/http/router";
import {
  PreferencesError,
  readPreferences,
  savePreferences,
} from "@/src/backend/slices/communication-preferences/preferences.server";
import {
  readUnsubscribeTarget,
  type UnsubscribeServices,
  unsubscribe,
} from "@/src/backend/slices/communication-preferences/unsubscribe.server";
import {
  getCommunicationPreferences,
  readUnsubscribeLink,
  setCommunicationPreferences,
  unsubscribeByLink,
} from "@/src/contract/communication-preferences";
import { CachePolicy } from "@/src/lib/cache-policy";

/** The unsubscribe link's tokens are signed with the session secret, as the e-mails' sender signs them. */
function unsubscribeServices(context: HandlerContext): UnsubscribeServices {
  const { db, now, config } = context.services;
  return { db, now, logger: context.log, secret: config.sessionSecret };
}

/**
 * Communication preferences (issue 20, item 5): per vertical and channel, with consent evidence; and a
 * marketing e-mail's unsubscribe link (issue 42).
 */
export const communicationPreferenceHandlers = [
  implement(getCommunicationPreferences, async ({ params, query }, context) => {
    context.res.setHeader("Cache-Control", CachePolicy.private);
    try {
      return await readPreferences(context.services.db, context.player.id, params.vertical, query.location);
    } catch (error) {
      // The vertical is the path's here: an unknown one names nothing (404), where one sent in a body is 422.
      if (error instanceof PreferencesError) throw new HttpProblem(404, refusalFields(error));
      throw error;
    }
  }),

  implement(setCommunicationPreferences, async ({ body }, context) => {
    context.res.setHeader("Cache-Control", CachePolicy.private);
    return savePreferences(
      { db: context.services.db, logger: context.log, now: context.services.now },
      { playerId: context.player.id, ...body },
    );
  }),

  implement(readUnsubscribeLink, async ({ query }, context) => {
    context.res.setHeader("Cache-Control", CachePolicy.private);
    return readUnsubscribeTarget(unsubscribeServices(context), query.token);
  }),

  implement(unsubscribeByLink, async ({ body }, context) => {
    context.res.setHeader("Cache-Control", CachePolicy.private);
    return unsubscribe(unsubscribeServices(context), body.token);
  }),
];
