import { asc, eq } from "drizzle-orm";
import { experimentGroups, experiments } from "@/src/backend/db/schema";
import { HttpProblem } from "@/src/backend/http/problem-error";
import { implement } from "@/src/backend/http/router";
import { getExperiment } from "@/src/contract/experiments";

export const CONTROL_GROUP = "control";

export const experimentHandlers = [
  implement(getExperiment, async ({ params, query }, { services }) => {
    const [experiment] = await services.db
      .select()
      .from(experiments)
      .where(eq(experiments.key, params.experimentKey))
      .limit(1);
    if (!experiment) throw new HttpProblem(404, { code: "ExperimentNotFoundError" });
    const groups = await services.db
      .select()
      .from(experimentGroups)
      .where(eq(experimentGroups.experimentKey, experiment.key))
      .orderBy(asc(experimentGroups.name));
    // An inactive experiment, or a group it does not have, shows everyone the control variant.
    const control = groups.find((group) => group.name === CONTROL_GROUP) ?? groups[0];
    const requested = experiment.active ? groups.find((group) => group.name === query.group) : undefined;
    const chosen = requested ?? control;
    if (!chosen) throw new HttpProblem(404, { code: "ExperimentNotFoundError" });
    return {
      experimentKey: experiment.key,
      active: experiment.active,
      group: chosen.name,
      variant: chosen.variant,
      groups: groups.map((group) => ({ name: group.name, weight: group.weight })),
    };
  }),
];
