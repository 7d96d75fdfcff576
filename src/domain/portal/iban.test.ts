import { describe, expect, it } from "vitest";
import { formatIban, isValidIban, maskIban, normaliseIban } from "./iban";

describe("isValidIban", () => {
  it("accepts valid IBANs of the Netherlands and other countries", () => {
    expect(isValidIban("NL91ABNA0417164300")).toBe(true);
    expect(isValidIban("NL44RABO0123456789")).toBe(true);
    expect(isValidIban("NL20INGB0001234567")).toBe(true);
    expect(isValidIban("DE89370400440532013000")).toBe(true);
    expect(isValidIban("BE68539007547034")).toBe(true);
    expect(isValidIban("GB29NWBK60161331926819")).toBe(true);
    expect(isValidIban("FR1420041010050500013M02606")).toBe(true);
  });

  it("accepts lower case and spaces", () => {
    expect(isValidIban("nl91 abna 0417 1643 00")).toBe(true);
    expect(isValidIban("  NL91ABNA0417164300\t")).toBe(true);
  });

  it("refuses a wrong checksum", () => {
    expect(isValidIban("NL92ABNA0417164300")).toBe(false);
    expect(isValidIban("NL91ABNA0417164301")).toBe(false);
    expect(isValidIban("DE89370400440532013001")).toBe(false);
  });

  it("refuses a wrong length for the country", () => {
    expect(isValidIban("NL91ABNA041716430")).toBe(false);
    expect(isValidIban("NL91ABNA04171643000")).toBe(false);
    expect(isValidIban("BE6853900754703")).toBe(false);
  });

  it("refuses unknown countries, a Dutch number without a bank code and junk", () => {
    expect(isValidIban("XX91ABNA0417164300")).toBe(false);
    expect(isValidIban("NL910000000417164300".slice(0, 18))).toBe(false);
    expect(isValidIban("")).toBe(false);
    expect(isValidIban("NL91-ABNA-0417-1643-00")).toBe(false);
    expect(isValidIban("'; drop table players;--")).toBe(false);
    expect(isValidIban("NL".repeat(1000))).toBe(false);
  });
});

describe("formatting", () => {
  it("normalises, groups and masks", () => {
    expect(normaliseIban(" nl91 abna\u00a00417 1643 00 ")).toBe("NL91ABNA0417164300");
    expect(formatIban("NL91ABNA0417164300")).toBe("NL91 ABNA 0417 1643 00");
    expect(maskIban("nl91 abna 0417 1643 00")).toBe("**************4300");
  });
});
