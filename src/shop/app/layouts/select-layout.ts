/** Layout selection (spec section 2). */
export const CUSTOM_WHITE_LABEL_THEMES = ["bladwijzer", "buurtsuper"] as const;

export type LayoutName = "default" | "basic-white-label" | "custom-white-label";

export function selectLayout(theme: string | null | undefined): LayoutName {
  if (!theme) return "default";
  return (CUSTOM_WHITE_LABEL_THEMES as readonly string[]).includes(theme)
    ? "custom-white-label"
    : "basic-white-label";
}

/** The white-label theme of a request host when it is a configured partner host. */
export function themeForHost(
  host: string | null | undefined,
  partnerHosts: Record<string, string>,
): string | undefined {
  if (!host) return undefined;
  const normalised = host.toLowerCase();
  return partnerHosts[normalised] ?? partnerHosts[normalised.replace(/:\d+$/, "")];
}
