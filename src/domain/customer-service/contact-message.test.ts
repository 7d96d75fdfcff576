import { describe, expect, it } from "vitest";
import {
  CONTACT_SUBJECTS,
  contactReference,
  contactReferenceNumber,
  isContactSubject,
  normaliseMessage,
} from "./contact-message";

describe("a question's reference", () => {
  it("is KS- and at least six digits, and reads back to its number", () => {
    expect(contactReference(100001)).toBe("KS-100001");
    expect(contactReference(42)).toBe("KS-000042");
    expect(contactReference(1234567)).toBe("KS-1234567");
    expect(contactReferenceNumber("KS-100001")).toBe(100001);
    expect(contactReferenceNumber(" ks-000042 ")).toBe(42);
    for (const other of ["KS-12345", "KB12345", "KS-12a456", ""])
      expect(contactReferenceNumber(other)).toBeUndefined();
    expect(() => contactReference(0)).toThrow(RangeError);
  });
});

describe("the subjects", () => {
  it("end with 'iets anders' and are known by their ids only", () => {
    expect(CONTACT_SUBJECTS.at(-1)).toBe("iets-anders");
    expect(isContactSubject("abonnement")).toBe(true);
    expect(isContactSubject("Mijn abonnement")).toBe(false);
  });
});

describe("a question's text as kept", () => {
  it("is trimmed, with one kind of line end and at most two empty lines in a row", () => {
    expect(normaliseMessage("  Hallo\r\nwereld\r\rnog  ")).toBe("Hallo\nwereld\n\nnog");
    expect(normaliseMessage("a\n\n\n\n\n\nb")).toBe("a\n\n\nb");
  });
});
