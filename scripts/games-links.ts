// `npm run games:links -- --page win-een-auto [--out file.csv]`: the personal links of a game of chance's
// mailing (issue 19): for every player with online or subscription tickets that count and have not
// entered, a signed link (valid 30 days) that enters them with one click, as CSV (`email;voornaam;link`)
// for the mailing house. Links are signed with SESSION_SECRET: set the shop's own, or they will not open.
// Reads the game from the configured content source and the tickets from DATABASE_URL or PGLITE_DATA_DIR.
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { z } from "zod";
import { openDatabase } from "@/src/backend/db/database.server";
import { gameLinks, linksCsv } from "@/src/backend/slices/games-of-chance/games.server";
import { parseConfig } from "@/src/config/env.server";
import { allGamePages } from "@/src/shop/cms/game-pages";
import { createContentSource } from "@/src/shop/cms/source/create-source.server";

const ArgsSchema = z.object({
  page: z.string().regex(/^[a-z0-9-]{1,80}$/, "expected --page <page id>, e.g. win-een-auto"),
  out: z.string().optional(),
});
const { values } = parseArgs({ options: { page: { type: "string" }, out: { type: "string" } } });
const args = ArgsSchema.safeParse(values);
if (!args.success) {
  console.error(args.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("\n"));
  process.exit(2);
}
const config = parseConfig();
if (config.sessionSecretGenerated)
  console.warn("SESSION_SECRET is not set: these links only open until restart");
const games = await allGamePages(createContentSource(config.content), console);
const page = games.find((game) => game.pageId === args.data.page);
if (!page) {
  console.error(`No game of chance with page id ${args.data.page}`);
  process.exit(1);
}
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.pgliteDataDir });
try {
  const links = await gameLinks(database.db, page, {
    secret: config.sessionSecret,
    shopUrl: config.baseUrl,
    now: new Date(),
  });
  const csv = linksCsv(links);
  const out = args.data.out ?? `links-${page.pageId}.csv`;
  if (out === "-") process.stdout.write(csv);
  else {
    writeFileSync(out, csv);
    console.log(`${links.length} personal link(s) for ${page.pageId} written to ${out}`);
  }
} finally {
  await database.close();
}
