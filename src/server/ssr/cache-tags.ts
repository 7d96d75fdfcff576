/** Set by the CMS routes on answers that may be cached; the value lists their cache tags. */
export const CACHE_TAGS_HEADER = "x-kl-cache-tags";
