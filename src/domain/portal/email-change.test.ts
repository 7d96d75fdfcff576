import { describe, expect, it } from "vitest";
import { emailChangePath, maskEmailAddress } from "./email-change";

describe("e-mail address change links", () => {
  it("carries the token as a query of the confirmation page", () => {
    expect(emailChangePath("a-b_c")).toBe("/e-mailadres-bevestigen?token=a-b_c");
  });

  it("names the new address to the old one by its first letter and domain only", () => {
    expect(maskEmailAddress("sanne.jansen@example.nl")).toBe("s***@example.nl");
    expect(maskEmailAddress("x@voorbeeld.nl")).toBe("x***@voorbeeld.nl");
    expect(maskEmailAddress("geen-adres")).toBe("***");
  });
});
