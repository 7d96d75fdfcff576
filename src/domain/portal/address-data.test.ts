import { describe, expect, it } from "vitest";
import { lookupAddress, normaliseExtension, normalisePostalCode, POSTCODES } from "./address-data";

describe("normalisePostalCode", () => {
  it("accepts the usual spellings", () => {
    expect(normalisePostalCode("1234AB")).toBe("1234AB");
    expect(normalisePostalCode("1234 ab")).toBe("1234AB");
    expect(normalisePostalCode(" 1234aB ")).toBe("1234AB");
  });

  it("refuses what is no Dutch postcode", () => {
    for (const value of ["0123AB", "123AB", "1234A", "1234  AB", "1234-AB", "ABCD12", "", "1234AB1"]) {
      expect(normalisePostalCode(value), value).toBeUndefined();
    }
  });
});

describe("lookupAddress", () => {
  it("finds the seed address with and without extension", () => {
    expect(lookupAddress("1234AB", 12, "A")).toEqual({
      street: "Dorpsstraat",
      houseNumber: 12,
      houseNumberExtension: "A",
      postalCode: "1234 AB",
      city: "Kroondorp",
    });
    expect(lookupAddress("1234 ab", 12)).toMatchObject({ houseNumberExtension: null, postalCode: "1234 AB" });
    expect(lookupAddress("1234ab", 60, " d ")).toMatchObject({ houseNumber: 60, houseNumberExtension: "D" });
    expect(lookupAddress("1234AB", 1, "")).toMatchObject({ houseNumberExtension: null });
  });

  it("refuses numbers outside the range, unknown extensions and unknown postcodes", () => {
    expect(lookupAddress("1234AB", 0)).toBeUndefined();
    expect(lookupAddress("1234AB", 61)).toBeUndefined();
    expect(lookupAddress("1234AB", 12, "E")).toBeUndefined();
    expect(lookupAddress("1234AB", 12.5)).toBeUndefined();
    expect(lookupAddress("9999ZZ", 1)).toBeUndefined();
    expect(lookupAddress("niet", 1)).toBeUndefined();
  });

  it("respects the side of the street", () => {
    expect(lookupAddress("3511LX", 150)).toMatchObject({ street: "Oudegracht", city: "Utrecht" });
    expect(lookupAddress("3511LX", 151)).toBeUndefined();
    expect(lookupAddress("3511lx", 150, "bis")).toMatchObject({ houseNumberExtension: "BIS" });
  });

  it("has well-formed, unique entries across the country", () => {
    expect(POSTCODES.length).toBeGreaterThanOrEqual(16);
    expect(new Set(POSTCODES.map((entry) => entry.postalCode)).size).toBe(POSTCODES.length);
    expect(new Set(POSTCODES.map((entry) => entry.city)).size).toBeGreaterThanOrEqual(15);
    for (const entry of POSTCODES) {
      expect(normalisePostalCode(entry.postalCode)).toBe(entry.postalCode);
      expect(entry.from).toBeLessThanOrEqual(entry.to);
      const numbers = Array.from({ length: entry.to - entry.from + 1 }, (_, index) => entry.from + index);
      const found = numbers.filter((number) => lookupAddress(entry.postalCode, number) !== undefined);
      expect(found.length, entry.postalCode).toBeGreaterThan(0);
      for (const extension of entry.extensions) expect(normaliseExtension(extension)).toBe(extension);
    }
  });
});
