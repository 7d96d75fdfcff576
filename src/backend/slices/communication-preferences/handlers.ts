import { HttpProblem } from "@/src/backend/http/problem-error";
import { type HandlerContext, implement } from "@/src/backend/http/router";
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
import { communicationPreferenceMessages as text } from "@/src/lib/messages";

/** Runs a preferences call; a refusal is answered with its status, code and the Dutch reason per field. */
async function answering<T>(context: HandlerContext, status: 404 | 422, work: () => Promise<T>): Promise<T> {
  context.res.setHeader("Cache-Control", CachePolicy.private);
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof PreferencesError)) throw error;
    const detail = error.code === "UnknownVerticalError" ? text.unknownVertical : text.unknownChannel;
    throw new HttpProblem(status, { code: error.code, detail, errors: error.errors });
  }
}

/** Communication preferences (issue 20, item 5): per vertical and channel, with consent evidence. */
export const communicationPreferenceHandlers = [
  implement(getCommunicationPreferences, async ({ params, query }, context) =>
    answering(context, 404, () =>
      readPreferences(context.services.db, context.player.id, params.vertical, query.location),
    ),
  ),

  implement(setCommunicationPreferences, async ({ body }, context) =>
    answering(context, 422, () =>
      savePreferences(
        { db: context.services.db, logger: context.log, now: context.services.now },
        { playerId: context.player.id, ...body },
      ),
    ),
  ),
];
