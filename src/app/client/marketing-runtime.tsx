import { useEffect, useState } from "react";
import { onTracked } from "@/src/components/analytics/analytics";
import { useConsent } from "@/src/components/consent/consent-store";
import type { PublicEnv } from "@/src/config/public-env";
import {
  type BrazeSdk,
  clearBrazeStorage,
  createBrazeController,
} from "@/src/features/marketing/braze-controller";
import { usePlayer } from "@/src/features/player/player-store";
import { loadOptionalChunk } from "./optional-chunks";

/** The SDK itself, fetched only when a visitor at `optimaal` meets a shop with a Braze key. */
const loadBraze = () =>
  loadOptionalChunk(async () => (await import("@braze/web-sdk")) as unknown as BrazeSdk);

/**
 * Wires Braze to the visitor's consent, the logged-in player and the funnel's events (issue 20 item 2).
 * The document carries the store's state (`<html data-braze="ready">`) for people and tests to see.
 */
export function MarketingRuntime({ env }: { env: PublicEnv }) {
  const consent = useConsent();
  const player = usePlayer(env);
  const [braze] = useState(() =>
    createBrazeController({
      apiKey: env.brazeApiKey,
      sdkEndpoint: env.brazeSdkEndpoint,
      load: loadBraze,
      clearStoredData: clearBrazeStorage,
    }),
  );
  const customerNumber =
    player.status === "player" ? player.player.customerDetails.customerNumber : undefined;

  useEffect(() => {
    const mark = (state: string) => document.documentElement.setAttribute("data-braze", state);
    mark(braze.state());
    const stopState = braze.subscribe(mark);
    const stopEvents = onTracked((event) => braze.event(event));
    return () => {
      stopState();
      stopEvents();
    };
  }, [braze]);

  useEffect(() => {
    braze.update({ consent, customerNumber });
  }, [braze, consent, customerNumber]);

  return null;
}
