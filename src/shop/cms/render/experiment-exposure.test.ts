// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import { chooseConsent } from "@/src/shop/components/consent/consent-store";
import { trackExposures } from "./experiment-exposure";

const SHOWN = [{ experimentKey: "homepage-hero", group: "countdown" }];
const EXPOSURE = {
  event: "experiment_exposure",
  experiment_key: "homepage-hero",
  experiment_group: "countdown",
};

function choose(level: string | undefined) {
  // biome-ignore lint/suspicious/noDocumentCookie: the visitor's earlier choice
  document.cookie = level
    ? `kl_consent=1.${level}.${Math.floor(Date.now() / 1000)}; Path=/`
    : "kl_consent=; Max-Age=0; Path=/";
}

beforeEach(() => {
  delete window.dataLayer;
  choose(undefined);
});

describe("the exposure event (issue 43 item 5)", () => {
  it("is pushed once per page view and experiment within consent to measure", () => {
    choose("beperkt");
    const stop = trackExposures(SHOWN);
    chooseConsent("optimaal");
    stop();
    expect(window.dataLayer).toEqual([EXPOSURE]);
  });

  it("is not pushed without consent or at basis, and nothing is kept to push later", () => {
    for (const level of [undefined, "basis"]) {
      choose(level);
      trackExposures(SHOWN)();
    }
    expect(window.dataLayer).toBeUndefined();
  });

  it("is pushed when the visitor allows measurement during the page view, once", () => {
    trackExposures(SHOWN);
    expect(window.dataLayer).toBeUndefined();
    chooseConsent("beperkt");
    chooseConsent("optimaal");
    expect(window.dataLayer).toEqual([EXPOSURE]);
  });
});
