import { z } from "zod";
import { VALIDATION_STATES } from "@/src/domain/identity/age-validation";
import { ageValidationMessages } from "@/src/lib/messages";
import { defineEndpoint } from "./define";

/**
 * Age validation through iDIN (issue 16; spec sections 1, 3 and 7): the banks that offer it, starting an
 * authentication (the answer says where the browser goes), and recording the bank's answer when the player
 * comes back. The portal's calls give the player's state and start the same. The result always comes
 * from the iDIN provider, never from what the return address claims; it is recorded once.
 */

const iso = z.iso.datetime({ offset: true });

export const ValidationStateSchema = z.enum(VALIDATION_STATES);
export const AgeValidationStatusSchema = z.enum([
  "pending",
  "validated",
  "underage",
  "mismatch",
  "cancelled",
  "failed",
]);

/** A path of this shop to continue at afterwards (`/afrekenen`); anything else continues at `/mijn`. */
export const ReturnPathSchema = z
  .string()
  .max(500)
  .regex(/^\/(?!\/)[^\s\\]*$/, ageValidationMessages.returnPath);

const startBody = z.object({
  issuerId: z.string({ error: ageValidationMessages.issuer }).min(1, ageValidationMessages.issuer).max(40),
  returnPath: ReturnPathSchema.default("/mijn"),
});

const StartedSchema = z.object({
  /** Where the browser goes: the bank's page, or straight to `returnPath` when already validated. */
  redirectUrl: z.string(),
  /** Null when no authentication was needed (already validated). */
  validationId: z.uuid().nullable(),
});

export const AgeValidationStateSchema = z.object({
  validationState: ValidationStateSchema,
  /** The last attempt, if any. */
  lastAttempt: z.object({ status: AgeValidationStatusSchema, at: iso }).nullable(),
});
export type AgeValidationState = z.infer<typeof AgeValidationStateSchema>;

export const getIdinIssuers = defineEndpoint({
  method: "GET",
  path: "/api/age-validation/idin-issuers",
  summary: "The banks that offer iDIN",
  slice: "age-validation",
  backend: "shop",
  auth: "none",
  response: z.object({ issuers: z.array(z.object({ id: z.string(), name: z.string() })) }),
  errors: {},
});

export const startIdin = defineEndpoint({
  method: "POST",
  path: "/api/age-validation/idin",
  summary: "Starts an iDIN authentication at the chosen bank; answers where to send the player",
  slice: "age-validation",
  backend: "shop",
  auth: "player",
  body: startBody,
  response: StartedSchema,
  errors: { 400: [], 401: [], 422: [] },
});

export const completeIdin = defineEndpoint({
  method: "POST",
  path: "/api/age-validation/idin/return",
  summary: "Records the bank's answer when the player returns (once; a replay answers the same)",
  slice: "age-validation",
  backend: "shop",
  auth: "player",
  body: z.object({ transactionId: z.string().min(1).max(64) }),
  response: z.object({
    status: AgeValidationStatusSchema,
    validationState: ValidationStateSchema,
    /** Where the player's flow continues. */
    returnPath: z.string(),
  }),
  errors: { 400: [], 401: [], 404: [] },
});

export const getAgeValidation = defineEndpoint({
  method: "GET",
  path: "/api/my/common/responsible-gaming/age-validation",
  summary: "The player's age validation state and last attempt",
  slice: "age-validation",
  backend: "portal",
  auth: "player",
  response: AgeValidationStateSchema,
  errors: { 401: [] },
});

export const startAgeValidation = defineEndpoint({
  method: "POST",
  path: "/api/my/common/responsible-gaming/age-validation",
  summary: "Starts the player's age validation through iDIN at the chosen bank",
  slice: "age-validation",
  backend: "portal",
  auth: "player",
  body: startBody,
  response: StartedSchema,
  errors: { 400: [], 401: [], 422: [] },
});

export const ageValidationEndpoints = [
  getIdinIssuers,
  startIdin,
  completeIdin,
  getAgeValidation,
  startAgeValidation,
] as const;
