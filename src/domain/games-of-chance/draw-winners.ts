import { createHash } from "node:crypto";

/**
 * The draw of a game of chance (issue 19; domain.md): winners picked among the valid entries with a recorded
 * seed, so the draw can be repeated for an audit. The entries are sorted by id first (the order they are
 * read in does not matter); the random stream is SHA-256 of the seed and a counter; each pick takes an
 * unbiased index (rejection sampling) from the entries not yet picked. The same seed and entries always
 * give the same winners, in the same order.
 */
export function drawWinners(entryIds: readonly string[], count: number, seed: string): string[] {
  const pool = [...new Set(entryIds)].sort();
  const winners: string[] = [];
  let counter = 0;
  const next32 = () => {
    const digest = createHash("sha256").update(`${seed}:${counter++}`).digest();
    return digest.readUInt32BE(0);
  };
  while (winners.length < count && pool.length > 0) {
    const size = pool.length;
    const limit = 2 ** 32 - (2 ** 32 % size);
    let value = next32();
    while (value >= limit) value = next32();
    const [picked] = pool.splice(value % size, 1);
    winners.push(picked as string);
  }
  return winners;
}
