import { describe, expect, it } from "vitest";
import { drawWinners } from "./draw-winners";

const entries = Array.from({ length: 50 }, (_, index) => `entry-${String(index).padStart(2, "0")}`);

describe("the draw of a game", () => {
  it("gives the same winners from the same seed, whatever order the entries are read in", () => {
    const first = drawWinners(entries, 3, "seed-1");
    expect(drawWinners([...entries].reverse(), 3, "seed-1")).toEqual(first);
    expect(first).toHaveLength(3);
    expect(new Set(first).size).toBe(3);
    for (const winner of first) expect(entries).toContain(winner);
  });

  it("gives other winners from another seed", () => {
    expect(drawWinners(entries, 3, "seed-2")).not.toEqual(drawWinners(entries, 3, "seed-1"));
  });

  it("picks everyone when there are fewer entries than prizes, and nobody from none", () => {
    expect(drawWinners(["b", "a"], 5, "seed").sort()).toEqual(["a", "b"]);
    expect(drawWinners([], 3, "seed")).toEqual([]);
  });

  it("picks each entry about equally often over many seeds", () => {
    const counts = new Map<string, number>();
    for (let seed = 0; seed < 2000; seed++) {
      const [winner] = drawWinners(entries.slice(0, 4), 1, `s${seed}`);
      counts.set(winner!, (counts.get(winner!) ?? 0) + 1);
    }
    for (const count of counts.values()) expect(count).toBeGreaterThan(400);
  });
});
