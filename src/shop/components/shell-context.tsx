import { createContext, useContext } from "react";
import type { PublicEnv } from "@/src/config/public-env";

/**
 * Values the document shell needs even when no loader ran (an error in middleware): the public settings
 * and the CSP nonce. entry.server provides them from the request; entry.client from `window.__PUBLIC_ENV__`.
 */
export type ShellValues = {
  env: PublicEnv;
  nonce?: string;
  hostTheme?: string;
  emergencyBanner?: string;
  /** The footer's CMS part as HTML (issue 43), on the server only: the browser reads it from the page. */
  footerHtml?: string;
};

export const ShellContext = createContext<ShellValues | null>(null);

export function useShell(): ShellValues {
  const shell = useContext(ShellContext);
  if (!shell) throw new Error("ShellContext is missing: render the app through entry.server or entry.client");
  return shell;
}

declare global {
  interface Window {
    __PUBLIC_ENV__?: PublicEnv;
    __HOST_THEME__?: string;
    __EMERGENCY_BANNER__?: string | null;
  }
}
