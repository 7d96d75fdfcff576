import { describe, expect, it } from "vitest";
import {
  type AffiliateOffer,
  configuredPartnerHost,
  matchPartner,
  normaliseHost,
  normalisePartnerCode,
  offerWindowProblem,
  withinLimit,
} from "./affiliate-rules";

const OFFER: AffiliateOffer = {
  pageId: "bladwijzer-welkom",
  partnerName: "De Bladwijzer",
  partnerHost: "bladwijzer.localhost",
  product: "MILLION_GAME",
  priceInCents: 0,
  maxPerPlayer: 1,
  startsAt: new Date("2026-11-01T00:00:00+01:00"),
  endsAt: new Date("2027-01-01T00:00:00+01:00"),
};
const BY_CODE: AffiliateOffer = { ...OFFER, partnerHost: undefined, partnerCode: "DAGBLAD" };

describe("affiliate rules", () => {
  it("knows the partner by its host, whatever the port or case", () => {
    expect(matchPartner(OFFER, "Bladwijzer.Localhost:5173")).toBe("bladwijzer.localhost");
    expect(matchPartner(OFFER, "bladwijzer.localhost.")).toBe("bladwijzer.localhost");
    expect(matchPartner(OFFER, "buurtsuper.localhost")).toBeUndefined();
    expect(matchPartner(OFFER, "DAGBLAD")).toBeUndefined();
    expect(matchPartner(OFFER, undefined)).toBeUndefined();
    expect(normaliseHost(" WWW.Example.NL:443 ")).toBe("www.example.nl");
  });

  it("knows the partner by its code in any case, and refuses what is not a code", () => {
    expect(matchPartner(BY_CODE, "dagblad")).toBe("dagblad");
    expect(matchPartner(BY_CODE, "DAGBLAD2")).toBeUndefined();
    expect(normalisePartnerCode("<script>")).toBeUndefined();
    expect(normalisePartnerCode("x")).toBeUndefined();
    expect(normalisePartnerCode(" krant-24 ")).toBe("KRANT-24");
  });

  it("runs from its start up to (not including) its end", () => {
    expect(offerWindowProblem(OFFER, new Date("2026-10-31T22:59:59Z"))).toBe("notStarted");
    expect(offerWindowProblem(OFFER, new Date("2026-10-31T23:00:00Z"))).toBeUndefined();
    expect(offerWindowProblem(OFFER, new Date("2026-12-31T22:59:59Z"))).toBeUndefined();
    expect(offerWindowProblem(OFFER, new Date("2026-12-31T23:00:00Z"))).toBe("ended");
  });

  it("credits a sale to a configured partner host only, as the order records it (issue 40)", () => {
    const hosts = ["tankstation.localhost", "bladwijzer.localhost:3000"];
    expect(configuredPartnerHost("Tankstation.Localhost:5173", hosts)).toBe("tankstation.localhost");
    expect(configuredPartnerHost("bladwijzer.localhost", hosts)).toBe("bladwijzer.localhost");
    expect(configuredPartnerHost("evil.example", hosts)).toBeUndefined();
    expect(configuredPartnerHost("DAGBLAD", hosts)).toBeUndefined();
    expect(configuredPartnerHost(undefined, hosts)).toBeUndefined();
  });

  it("allows a player fewer takes than the maximum", () => {
    expect(withinLimit(OFFER, 0)).toBe(true);
    expect(withinLimit(OFFER, 1)).toBe(false);
    expect(withinLimit({ ...OFFER, maxPerPlayer: 3 }, 2)).toBe(true);
  });
});
