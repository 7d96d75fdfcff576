import { refusalFields } from "@/src/backend/http/domain-error-status";
import { HttpProblem } from "@/src/backend/http/problem-error";
import { implement } from "@/src/backend/http/router";
import {
  PreferencesError,
  readPreferences,
  savePreferences,
} from "@/src/backend/slices/communication-preferences/preferences.server";
import {
  getCommunicationPreferences,
  setCommunicationPreferences,
} from "@/src/contract/communication-preferences";
import { CachePolicy } from "@/src/lib/cache-policy";

/** Communication preferences (issue 20, item 5): per vertical and channel, with consent evidence. */
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
];
