import { describe, expect, it } from "vitest";
import { isValidSubscriptionId, subscriptionCancelPath, subscriptionEditPath } from "./subscription-paths";

describe("subscription paths", () => {
  it("accepts a subscription's numeric id and refuses anything else", () => {
    expect(isValidSubscriptionId("1")).toBe(true);
    expect(isValidSubscriptionId("123456789012")).toBe(true);
    for (const id of ["", "0", "012", "1234567890123", "-1", "1.5", "abc", "1 ", "1e3"]) {
      expect(isValidSubscriptionId(id)).toBe(false);
    }
  });

  it("names the edit and cancellation pages of a subscription", () => {
    expect(subscriptionEditPath(7)).toBe("/mijn/abonnement/7/aanpassen");
    expect(subscriptionCancelPath("7")).toBe("/mijn/abonnement/7/opzeggen");
  });
});
