import type { ResolvedBlock, ResolvedPage } from "@/content-models/resolved";
import { getExperiment } from "@/src/contract/experiments";
import { drawGroup, type ExperimentGroups, readExperimentGroups } from "@/src/lib/experiment-groups";
import { TtlCache } from "@/src/lib/ttl-cache";
import type { ApiCaller } from "@/src/shop/client/api-caller";

/** What the page needs to know of an experiment: whether it runs, and its groups with their weights. */
export type ExperimentInfo = { active: boolean; groups: ReadonlyArray<{ name: string; weight: number }> };

/** An experiment by its key; undefined for one the shop does not know (or cannot ask about now). */
export type ExperimentLookup = (experimentKey: string) => Promise<ExperimentInfo | undefined>;

const EXPERIMENT_TTL_MS = 60_000;
const experimentCache = new TtlCache<ExperimentInfo | undefined>(EXPERIMENT_TTL_MS, 200);

/**
 * Experiments as the shop API has them (`GET /api/experiments/{key}`), kept a minute in this process: a
 * page view asks no more of the API than the cached answer. An unknown experiment, or an API that fails,
 * counts as an experiment that is off (everyone sees the standard blocks), and is asked again next time.
 */
export function experimentLookup(shop: ApiCaller): ExperimentLookup {
  return async (experimentKey) => {
    try {
      return await experimentCache.get(experimentKey, async () => {
        const answer = await shop.call(getExperiment, {
          params: { experimentKey },
          query: { group: "control" },
        });
        return { active: answer.active, groups: answer.groups };
      });
    } catch {
      return undefined;
    }
  };
}

/** The keys of the experiments among a page's blocks, nested ones (a section's, a variant's) included. */
export function experimentKeysOf(blocks: readonly ResolvedBlock[]): string[] {
  const keys = new Set<string>();
  const visit = (list: readonly ResolvedBlock[]) => {
    for (const block of list) {
      if (block.type === "experiment") keys.add(experimentKeyOf(block));
      visit(block.children ?? []);
      for (const variant of block.variants ?? []) visit(variant.blocks);
    }
  };
  visit(blocks);
  return [...keys];
}

function experimentKeyOf(block: ResolvedBlock): string {
  return String((block.props as { experimentKey?: unknown } | undefined)?.experimentKey ?? "");
}

/**
 * Each experiment replaced by the blocks its visitor's group sees (that group's variant, else the standard
 * blocks), in its place, as if the editor had put them there: the page renders as any other, a hero
 * still opens it. `groups` holds the running experiments' groups; an experiment not in it shows its
 * standard blocks. The page says which experiments it shows and the groups (the exposure event).
 */
export function chooseVariants(page: ResolvedPage, groups: ExperimentGroups): ResolvedPage {
  const shown = new Map<string, string>();
  const choose = (list: readonly ResolvedBlock[]): ResolvedBlock[] =>
    list.flatMap((block) => {
      if (block.type !== "experiment")
        return block.children ? [{ ...block, children: choose(block.children) }] : [block];
      const key = experimentKeyOf(block);
      const group = groups[key];
      if (group !== undefined) shown.set(key, group);
      const variant = block.variants?.find((candidate) => candidate.group === group);
      return choose(variant?.blocks ?? block.children ?? []);
    });
  const blocks = choose(page.blocks);
  const experiments = [...shown].map(([experimentKey, group]) => ({ experimentKey, group }));
  return { ...page, blocks, ...(experiments.length > 0 ? { experiments } : {}) };
}

export type ShownExperiments = {
  page: ResolvedPage;
  /** The groups the page was rendered for (running experiments only): the page cache keeps a copy per set. */
  groups: Record<string, string>;
  /** Every group the visitor now has, when the cookie must be set (a group drawn now); else undefined. */
  cookieGroups?: Record<string, string>;
};

/**
 * The page as this visitor sees it (issue 43 item 5): the group of each running experiment on it comes
 * from the visitor's cookie; a visitor without one (or with a group the experiment does not have) gets one
 * drawn by the groups' weights, to keep in the cookie. Whatever the consent: the group is functional.
 */
export async function showExperiments(
  page: ResolvedPage,
  options: { cookie: string | null | undefined; lookup: ExperimentLookup; random?: () => number },
): Promise<ShownExperiments> {
  const keys = experimentKeysOf(page.blocks);
  if (keys.length === 0) return { page, groups: {} };
  const known = readExperimentGroups(options.cookie);
  const groups: Record<string, string> = {};
  let drawn = false;
  for (const key of keys) {
    const experiment = await options.lookup(key);
    if (!experiment?.active) continue;
    const current = known[key];
    if (current !== undefined && experiment.groups.some((group) => group.name === current)) {
      groups[key] = current;
      continue;
    }
    const group = drawGroup(experiment.groups, (options.random ?? Math.random)());
    if (group === undefined) continue;
    groups[key] = group;
    drawn = true;
  }
  return {
    page: chooseVariants(page, groups),
    groups,
    ...(drawn ? { cookieGroups: { ...known, ...groups } } : {}),
  };
}
