import type { CSSProperties } from "react";

/**
 * Design tokens per theme, set as CSS custom properties on the layout's root element. The brand theme
 * is Kroonloterij; `bladwijzer` and `buurtsuper` are the two retail partners with their own styles;
 * any other white-label theme gets the neutral basic tokens.
 */
export type ThemeTokens = {
  "--color-brand": string;
  "--color-brand-contrast": string;
  "--color-accent": string;
  "--color-surface": string;
  "--color-text": string;
  "--font-family": string;
  "--radius": string;
};

const brand: ThemeTokens = {
  "--color-brand": "#5b2a86",
  "--color-brand-contrast": "#ffffff",
  "--color-accent": "#f2b705",
  "--color-surface": "#faf7fd",
  "--color-text": "#1d1326",
  "--font-family": "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  "--radius": "12px",
};

const partners: Record<string, { name: string; tokens: ThemeTokens }> = {
  bladwijzer: {
    name: "De Bladwijzer",
    tokens: {
      "--color-brand": "#1f4d3a",
      "--color-brand-contrast": "#fdfbf5",
      "--color-accent": "#c9a227",
      "--color-surface": "#fdfbf5",
      "--color-text": "#1c2a24",
      "--font-family": "Georgia, 'Times New Roman', serif",
      "--radius": "2px",
    },
  },
  buurtsuper: {
    name: "Buurtsuper",
    tokens: {
      "--color-brand": "#d62828",
      "--color-brand-contrast": "#ffffff",
      "--color-accent": "#fcbf49",
      "--color-surface": "#fff8f0",
      "--color-text": "#222222",
      "--font-family": "'Trebuchet MS', Verdana, sans-serif",
      "--radius": "20px",
    },
  },
};

const basicWhiteLabel: ThemeTokens = {
  ...brand,
  "--color-brand": "#2f3e4e",
  // Light, so buttons (accent with the dark text) keep their contrast (issue 21).
  "--color-accent": "#f2c14e",
  "--color-surface": "#ffffff",
};

export function themeTokens(theme: string | undefined): ThemeTokens {
  if (!theme) return brand;
  return partners[theme]?.tokens ?? basicWhiteLabel;
}

/** A readable partner name: the known partners by name, others from their theme value. */
export function partnerName(theme: string): string {
  return partners[theme]?.name ?? theme.replace(/-/g, " ").replace(/^\w/, (letter) => letter.toUpperCase());
}

export function tokensAsStyle(tokens: ThemeTokens): CSSProperties {
  return tokens as unknown as CSSProperties;
}
