// A second process writing to the composer's local store, for its test of writes across processes:
//   node --import tsx tests/support/local-store-write-process.ts <contentDir> <entryId> <title> <rounds>
// Prints `ready`, waits for a line on standard input, then `rounds` times saves the entry at the version it
// reads (a save that loses a race gets a version conflict), and prints the outcomes as one JSON line.
import { createInterface } from "node:readline";
import { VersionConflictError } from "@/src/backend/slices/composer/stores/content-store";
import { createLocalStore } from "@/src/backend/slices/composer/stores/local-store.server";

const [dir = "", id = "", title = "", rounds = "1"] = process.argv.slice(2);
const store = createLocalStore({ dir });
const lines = createInterface({ input: process.stdin });
const go = new Promise<void>((resolve) => lines.once("line", () => resolve()));
process.stdout.write("ready\n");
await go;
const outcomes: Array<"saved" | "conflict"> = [];
for (let round = 0; round < Number(rounds); round++) {
  const entry = await store.getEntry(id);
  if (!entry) throw new Error(`entry ${id} is missing`);
  try {
    await store.updateEntry(id, { title: `${title} ${round}` }, entry.version);
    outcomes.push("saved");
  } catch (error) {
    if (!(error instanceof VersionConflictError)) throw error;
    outcomes.push("conflict");
  }
}
process.stdout.write(`${JSON.stringify(outcomes)}\n`);
lines.close();
