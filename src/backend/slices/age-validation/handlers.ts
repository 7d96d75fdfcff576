import { HttpProblem } from "@/src/backend/http/problem-error";
import { type HandlerContext, implement } from "@/src/backend/http/router";
import {
  type AgeValidationServices,
  ageValidationState,
  completeAgeValidation,
  startAgeValidation,
} from "@/src/backend/slices/age-validation/age-validation.server";
import {
  completeIdin,
  getAgeValidation,
  getIdinIssuers,
  startAgeValidation as startAgeValidationEndpoint,
  startIdin,
} from "@/src/contract/age-validation";
import { CachePolicy } from "@/src/lib/cache-policy";

function services(context: HandlerContext): AgeValidationServices {
  return {
    db: context.services.db,
    idin: context.services.idin,
    logger: context.log,
    now: context.services.now,
  };
}

/** Age validation through iDIN (issue 16): the banks, starting an authentication, recording its return. */
export const ageValidationHandlers = [
  implement(getIdinIssuers, async (_input, context) => {
    if (!context.services.idin) throw new HttpProblem(503);
    // The list of banks changes rarely and is the same for everyone.
    context.res.setHeader("Cache-Control", CachePolicy.reference);
    return { issuers: await context.services.idin.issuers() };
  }),

  implement(startIdin, async ({ body }, context) => {
    context.res.setHeader("Cache-Control", CachePolicy.private);
    return startAgeValidation(services(context), { playerId: context.player.id, ...body });
  }),

  implement(completeIdin, async ({ body }, context) => {
    context.res.setHeader("Cache-Control", CachePolicy.private);
    return completeAgeValidation(services(context), {
      playerId: context.player.id,
      transactionId: body.transactionId,
    });
  }),

  implement(getAgeValidation, async (_input, context) => {
    context.res.setHeader("Cache-Control", CachePolicy.private);
    return ageValidationState(context.services.db, context.player.id);
  }),

  implement(startAgeValidationEndpoint, async ({ body }, context) => {
    context.res.setHeader("Cache-Control", CachePolicy.private);
    return startAgeValidation(services(context), { playerId: context.player.id, ...body });
  }),
];
