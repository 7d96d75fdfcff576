import { useEffect } from "react";
import { allows } from "@/src/domain/consent/consent";
import { currentConsent, onConsentChange } from "@/src/shop/components/consent/consent-store";

/** An experiment a page view shows, with the visitor's group (`ResolvedPage.experiments`). */
export type Exposure = { experimentKey: string; group: string };

/**
 * The exposure event of a page view (issue 43 item 5), GA4 style in `window.dataLayer`:
 * `{ event: "experiment_exposure", experiment_key, experiment_group }` once per experiment the page shows,
 * only from consent level `beperkt` on (measurement): at once, or as soon as the visitor allows it during
 * this page view; nothing is kept to push later. A chunk of its own, loaded only on pages with an
 * experiment. Returns the way to stop (the page view ends).
 */
export function trackExposures(experiments: readonly Exposure[]): () => void {
  let sent = false;
  const send = () => {
    if (sent || !allows(currentConsent(), "measurement")) return;
    sent = true;
    window.dataLayer ??= [];
    for (const { experimentKey, group } of experiments) {
      window.dataLayer.push({
        event: "experiment_exposure",
        experiment_key: experimentKey,
        experiment_group: group,
      });
    }
    stop();
  };
  const stop = onConsentChange(send);
  send();
  return stop;
}

/** Sends the page view's exposure events (`trackExposures`) while the page is shown; renders nothing. */
export function ExperimentExposure({ experiments }: { experiments: readonly Exposure[] }) {
  useEffect(() => trackExposures(experiments), [experiments]);
  return null;
}
