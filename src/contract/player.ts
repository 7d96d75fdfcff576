import { z } from "zod";
import { defineEndpoint } from "./define";

/** Player details (spec section 3), with the derived full name and formatted address. */
export const PlayerDetailsSchema = z.object({
  customerDetails: z.object({
    customerNumber: z.string(),
    playerState: z.string(),
    playerValidationState: z.string(),
    firstName: z.string(),
    middleName: z.string().nullable(),
    lastName: z.string(),
    fullName: z.string(),
  }),
  addressDetails: z.object({
    street: z.string(),
    houseNumber: z.number().int(),
    houseNumberExtension: z.string().nullable(),
    postalCode: z.string(),
    city: z.string(),
    formattedAddress: z.string(),
  }),
});
export type PlayerDetails = z.infer<typeof PlayerDetailsSchema>;

export const getPlayerDetails = defineEndpoint({
  method: "GET",
  path: "/api/player/details",
  summary: "The logged-in player's details",
  slice: "player",
  backend: "shop",
  auth: "player",
  response: PlayerDetailsSchema,
  errors: { 401: [] },
});

/** Every endpoint of this slice, in the order the router tries them; `registry.ts` collects the slices. */
export const playerEndpoints = [getPlayerDetails] as const;
