/** Set by the CMS routes on answers that may be cached; the value lists their cache tags. */
export const CACHE_TAGS_HEADER = "x-kl-cache-tags";

/**
 * Set by pages whose content changes at a known moment (a draw result is published at a set time): the
 * cached answer stops being fresh then (epoch milliseconds), whatever the usual freshness says.
 */
export const FRESH_UNTIL_HEADER = "x-kl-fresh-until";

/**
 * Set by pages that show a variant of an experiment: the groups the page was rendered for
 * (`homepage-hero:countdown`, as the experiment cookie spells them). The page cache keeps one copy per
 * group (src/server/ssr/page-cache.ts); like the cache tags, it never leaves the process.
 */
export const EXPERIMENT_GROUPS_HEADER = "x-kl-experiment-groups";
