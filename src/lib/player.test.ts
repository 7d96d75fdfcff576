import { describe, expect, it } from "vitest";
import { formatAddress, fullName } from "./player";

describe("derived player fields", () => {
  it("joins first, middle and last name, skipping an empty middle name", () => {
    expect(fullName("Anna", "van der", "Berg")).toBe("Anna van der Berg");
    expect(fullName("Piet", null, "Jansen")).toBe("Piet Jansen");
    expect(fullName("Piet", " ", "Jansen")).toBe("Piet Jansen");
  });

  it("formats the address as the spec shows", () => {
    expect(
      formatAddress({
        street: "Dorpsstraat",
        houseNumber: 12,
        houseNumberExtension: "A",
        postalCode: "1234ab",
        city: "Plaats",
      }),
    ).toBe("Dorpsstraat 12 A, 1234 AB Plaats");
    expect(
      formatAddress({ street: "Kerkweg", houseNumber: 3, postalCode: "9711 AB", city: "Groningen" }),
    ).toBe("Kerkweg 3, 9711 AB Groningen");
  });
});
