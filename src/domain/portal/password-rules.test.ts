import { describe, expect, it } from "vitest";
import { PASSWORD_RULES, passwordProblems, passwordProblemsMessage } from "./password-rules";

const labelOf = (id: string) => PASSWORD_RULES.find((rule) => rule.id === id)?.label;

describe("PASSWORD_RULES", () => {
  it("has the five rules of the form, each with a Dutch label", () => {
    expect(PASSWORD_RULES.map((rule) => rule.id)).toEqual(["length", "upper", "lower", "digit", "special"]);
    for (const rule of PASSWORD_RULES) expect(rule.label).toMatch(/^(minimaal|een) /);
  });

  it("accepts a strong password", () => {
    expect(passwordProblems("Kroonloterij2026!")).toEqual([]);
    expect(passwordProblems("Äbc12345ß#")).toEqual([]);
  });

  it("names each missing ingredient", () => {
    expect(passwordProblems("Ab1!")).toEqual([labelOf("length")]);
    expect(passwordProblems("abcdefg1!")).toEqual([labelOf("upper")]);
    expect(passwordProblems("ABCDEFG1!")).toEqual([labelOf("lower")]);
    expect(passwordProblems("Abcdefgh!")).toEqual([labelOf("digit")]);
    expect(passwordProblems("Abcdefgh1")).toEqual([labelOf("special")]);
    expect(passwordProblems("")).toHaveLength(5);
  });

  it("does not count spaces as special characters but counts characters, not code units", () => {
    expect(passwordProblems("Abcdefg1 ")).toEqual([labelOf("special")]);
    expect(passwordProblems("Ab1!🎟️")).toEqual([labelOf("length")]);
    expect(passwordProblems("Ab1!🎟🎟🎟🎟")).toEqual([]);
  });
});

describe("passwordProblemsMessage", () => {
  it("lists what is missing in one Dutch sentence", () => {
    expect(passwordProblemsMessage([])).toBe("");
    expect(passwordProblemsMessage(["een cijfer"])).toBe("Je wachtwoord moet nog bevatten: een cijfer.");
    expect(passwordProblemsMessage(passwordProblems("abc"))).toBe(
      "Je wachtwoord moet nog bevatten: minimaal 8 tekens, een hoofdletter, een cijfer en een speciaal teken (zoals ! ? @ #).",
    );
  });
});
