import { describe, expect, it } from "vitest";
import { classicTicket, millionGameTicket } from "@/tests/support/basket-tickets";
import { classicKind } from "./classic";
import { millionGameKind } from "./million-game";
import { kindOf, kindOfCookieTag, ticketKinds } from "./registry";

describe("ticket kind registry", () => {
  it("finds each ticket's own kind", () => {
    expect(kindOf(classicTicket())).toBe(classicKind);
    expect(kindOf(millionGameTicket())).toBe(millionGameKind);
  });

  it("finds a kind by its cookie tag, and nothing for an unknown tag", () => {
    expect(kindOfCookieTag("c")).toBe(classicKind);
    expect(kindOfCookieTag("m")).toBe(millionGameKind);
    expect(kindOfCookieTag("z")).toBeUndefined();
    expect(kindOfCookieTag("constructor")).toBeUndefined();
  });

  it("lists each kind under its own ticket type", () => {
    for (const [type, kind] of Object.entries(ticketKinds)) expect(kind.type).toBe(type);
  });

  it("gives every kind its own cookie tag, free of the cookie's separators", () => {
    const tags = Object.values(ticketKinds).map((kind) => kind.cookie.tag);
    expect(new Set(tags).size).toBe(tags.length);
    for (const tag of tags) expect(tag).toMatch(/^[a-z]+$/);
  });
});
