import { useEffect, useState } from "react";
import type { PublicEnv } from "@/src/config/public-env";
import { allows } from "@/src/domain/consent/consent";
import { onTracked } from "@/src/shop/components/analytics/analytics";
import { useConsent } from "@/src/shop/components/consent/consent-store";
import type { BrazeController, BrazeSdk } from "@/src/shop/slices/marketing/braze-controller";
import { clearBrazeStorage } from "@/src/shop/slices/marketing/braze-storage";
import { usePlayer } from "@/src/shop/slices/player/player-store";
import { loadOptionalChunk } from "./optional-chunks";

/** The SDK itself, fetched only when a visitor at `optimaal` meets a shop with a Braze key. */
const loadBraze = () =>
  loadOptionalChunk(async () => (await import("@braze/web-sdk")) as unknown as BrazeSdk);
/** The controller, fetched once the visitor allows marketing: most first visits never need it. */
const loadController = () => loadOptionalChunk(() => import("@/src/shop/slices/marketing/braze-controller"));

const mark = (state: string) => document.documentElement.setAttribute("data-braze", state);

/**
 * Wires Braze to the visitor's consent, the logged-in player and the funnel's events (issue 20 item 2).
 * The document carries the store's state (`<html data-braze="ready">`) for people and tests to see.
 * Until the visitor allows marketing, nothing of Braze is loaded, its controller neither: what an earlier
 * page kept in this browser is removed, and the state is `cookie-denied`. Once loaded, the controller
 * follows the consent itself (a withdrawal tears the SDK down).
 */
export function MarketingRuntime({ env }: { env: PublicEnv }) {
  const consent = useConsent();
  const player = usePlayer(env);
  const marketing = allows(consent, "marketing");
  const [braze, setBraze] = useState<BrazeController>();
  const customerNumber =
    player.status === "player" ? player.player.customerDetails.customerNumber : undefined;

  useEffect(() => {
    if (braze || marketing) return;
    clearBrazeStorage();
    mark("cookie-denied");
  }, [braze, marketing]);

  useEffect(() => {
    if (braze || !marketing) return;
    let wanted = true;
    loadController().then(
      ({ createBrazeController }) => {
        if (!wanted) return;
        setBraze(
          createBrazeController({
            apiKey: env.brazeApiKey,
            sdkEndpoint: env.brazeSdkEndpoint,
            load: loadBraze,
            clearStoredData: clearBrazeStorage,
          }),
        );
      },
      () => {
        if (wanted) mark("error");
      },
    );
    return () => {
      wanted = false;
    };
  }, [braze, marketing, env.brazeApiKey, env.brazeSdkEndpoint]);

  useEffect(() => {
    if (!braze) return;
    mark(braze.state());
    const stopState = braze.subscribe(mark);
    const stopEvents = onTracked((event) => braze.event(event));
    return () => {
      stopState();
      stopEvents();
    };
  }, [braze]);

  useEffect(() => {
    braze?.update({ consent, customerNumber });
  }, [braze, consent, customerNumber]);

  return null;
}
