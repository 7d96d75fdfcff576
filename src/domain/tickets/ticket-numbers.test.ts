import { describe, expect, it } from "vitest";
import { TICKET_NUMBER } from "@/src/domain/tickets/ticket-letters";
import { ticketNumbers } from "./ticket-numbers";

/** A random source that replays fixed values, so the tests name the exact numbers. */
function replay(values: number[]) {
  let index = 0;
  return (below: number) => {
    const value = values[index++ % values.length]!;
    return value % below;
  };
}

describe("ticketNumbers", () => {
  it("gives a single ticket 2 letters and 5 digits, keeping both chosen end digits", () => {
    const [number] = ticketNumbers("SingleTicket", [4, 2], replay([2, 17, 1, 2, 3]));
    expect(number).toBe("CU12342");
    expect(number).toMatch(TICKET_NUMBER);
  });

  it("draws unchosen end digits at random", () => {
    const [number] = ticketNumbers("SingleTicket", [-1, 7], replay([0, 0, 5, 6, 7, 8]));
    expect(number).toBe("AA56787");
  });

  it("makes a street 10 consecutive numbers with the chosen digit before the run", () => {
    const numbers = ticketNumbers("Street", [-1, 3], replay([1, 2, 9, 8, 7]));
    expect(numbers).toHaveLength(10);
    expect(numbers[0]).toBe("BC98730");
    expect(numbers[9]).toBe("BC98739");
    expect(new Set(numbers.map((number) => number.slice(0, 6)))).toEqual(new Set(["BC9873"]));
  });

  it("makes a boulevard 100 consecutive numbers with the two chosen digits before the run", () => {
    const numbers = ticketNumbers("Boulevard", [4, 5], replay([3, 4, 6]));
    expect(numbers).toHaveLength(100);
    expect(numbers[0]).toBe("DE64500");
    expect(numbers[99]).toBe("DE64599");
    expect(numbers.every((number) => number.startsWith("DE645"))).toBe(true);
  });

  it("never uses the letters I, O or Q", () => {
    const letters = new Set<string>();
    for (let value = 0; value < 23; value++) {
      letters.add(ticketNumbers("SingleTicket", undefined, replay([value]))[0]!.slice(0, 1));
    }
    expect([...letters].some((letter) => "IOQ".includes(letter))).toBe(false);
    expect(letters.size).toBe(23);
  });
});
