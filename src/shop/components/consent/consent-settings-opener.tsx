import { type ComponentType, useEffect, useRef, useState } from "react";
import { footer } from "@/src/lib/messages/core";
import { CONSENT_PATH, OPEN_EVENT, openConsentSettings } from "./consent-choice";

/** The footer's way to the settings: the dialog, or `/toestemming` without JavaScript. */
export function ConsentSettingsLink() {
  return (
    <a
      href={CONSENT_PATH}
      onClick={(event) => {
        event.preventDefault();
        openConsentSettings();
      }}
    >
      {footer.consentSettings}
    </a>
  );
}

const loadSettings = () => import("./consent-settings");

/**
 * The settings dialog, loaded when it is first opened: most visits never open it, so its code and texts
 * are not part of a page's first load. Once loaded it listens for the next openings itself. A dialog that
 * cannot be loaded (offline) leaves the way without JavaScript: `/toestemming`.
 */
export function ConsentSettings() {
  const [settings, setSettings] = useState<{
    Dialog: ComponentType<{ openedBy: Element | null }>;
    openedBy: Element | null;
  }>();
  const loading = useRef(false);
  useEffect(() => {
    if (settings) return;
    const open = () => {
      if (loading.current) return;
      loading.current = true;
      const openedBy = document.activeElement;
      loadSettings().then(
        (module) => setSettings({ Dialog: module.ConsentSettingsDialog, openedBy }),
        () => window.location.assign(CONSENT_PATH),
      );
    };
    window.addEventListener(OPEN_EVENT, open);
    return () => window.removeEventListener(OPEN_EVENT, open);
  }, [settings]);
  return settings ? <settings.Dialog openedBy={settings.openedBy} /> : null;
}
