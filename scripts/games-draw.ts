// `npm run games:draw -- --page win-een-auto [--seed hex]`: the draw of a promotional game of chance
// (issue 19) once it has ended: picks its winners among the entries with a recorded random seed (or the
// one given, to repeat a draw for an audit on a copy of the database), stores them, and queues the
// winners' e-mails. Reads the game from the configured content source and the entries from DATABASE_URL,
// or the embedded database's directory (PGLITE_DATA_DIR; not while `npm start` has it open). A game drawn
// before prints its stored draw, and whether its seed gives the same winners again.
import { parseArgs } from "node:util";
import { z } from "zod";
import { openDatabase } from "@/src/backend/db/database.server";
import { drawGame, GameError, replayDraw } from "@/src/backend/slices/games-of-chance/games.server";
import { parseConfig } from "@/src/config/env.server";
import { allGamePages } from "@/src/shop/cms/game-pages";
import { createContentSource } from "@/src/shop/cms/source/create-source.server";

const ArgsSchema = z.object({
  page: z.string().regex(/^[a-z0-9-]{1,80}$/, "expected --page <page id>, e.g. win-een-auto"),
  seed: z
    .string()
    .regex(/^[0-9a-z-]{8,64}$/, "expected --seed of 8 to 64 characters")
    .optional(),
});
const { values } = parseArgs({ options: { page: { type: "string" }, seed: { type: "string" } } });
const args = ArgsSchema.safeParse(values);
if (!args.success) {
  console.error(args.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("\n"));
  process.exit(2);
}
const config = parseConfig();
const games = await allGamePages(createContentSource(config.content), console);
const page = games.find((game) => game.pageId === args.data.page);
if (!page) {
  console.error(`No game of chance with page id ${args.data.page}`);
  process.exit(1);
}
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.pgliteDataDir });
try {
  const drawn = await drawGame(database.db, page, new Date(), args.data.seed);
  console.log(
    `${page.title}: drawn ${drawn.drawnAt.toISOString()} with seed ${drawn.seed} from ${drawn.entries} entries`,
  );
  for (const winner of drawn.winners)
    console.log(`  ${winner.name}${winner.ticketNumber ? ` (${winner.ticketNumber})` : ""}`);
  const replay = await replayDraw(database.db, page);
  console.log(
    replay && replay.stored.join() === replay.replayed.join()
      ? "repeated from its seed: same winners"
      : "WARNING: the seed gives other winners",
  );
} catch (error) {
  if (!(error instanceof GameError)) throw error;
  console.error(error.errors?.game?.[0] ?? error.code);
  process.exitCode = 1;
} finally {
  await database.close();
}
