/**
 * The retail partners with their own styles (their design tokens are in `app.css`, by `data-theme`); any
 * other white-label theme gets the neutral basic tokens there.
 */
const PARTNER_NAMES = new Map([
  ["bladwijzer", "De Bladwijzer"],
  ["buurtsuper", "Buurtsuper"],
]);

/** A readable partner name: the known partners by name, others from their theme value. */
export function partnerName(theme: string): string {
  return (
    PARTNER_NAMES.get(theme) ?? theme.replace(/-/g, " ").replace(/^\w/, (letter) => letter.toUpperCase())
  );
}
