import { z } from "zod";
import { experimentMessages } from "@/src/lib/messages";
import { defineEndpoint } from "./define";

const ExperimentKeySchema = z
  .string()
  .meta({ examples: ["checkout-knop"] })
  .regex(/^[a-z0-9][a-z0-9-]{0,63}$/, experimentMessages.unknownExperiment);

export const ExperimentSchema = z.object({
  experimentKey: z.string(),
  active: z.boolean(),
  group: z.string(),
  variant: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  groups: z.array(z.object({ name: z.string(), weight: z.number().int() })),
});

export const getExperiment = defineEndpoint({
  method: "GET",
  path: "/api/experiments/{experimentKey}",
  summary: "An experiment's variant for a group; an unknown group gets the control group",
  slice: "experiments",
  backend: "shop",
  auth: "none",
  params: z.object({ experimentKey: ExperimentKeySchema }),
  query: z.object({ group: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, experimentMessages.invalidGroup) }),
  response: ExperimentSchema,
  errors: { 400: [], 404: ["ExperimentNotFoundError"] },
});

/** Every endpoint of this slice, in the order the router tries them; `registry.ts` collects the slices. */
export const experimentEndpoints = [getExperiment] as const;
