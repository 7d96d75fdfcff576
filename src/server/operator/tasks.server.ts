import { randomInt } from "node:crypto";
import { z } from "zod";
import type { Db } from "@/src/backend/db/database.server";
import { createPersonalCodes, MAX_CODES_PER_RUN } from "@/src/backend/orders/action-codes.server";
import {
  affiliateReport,
  ReportMonthSchema,
} from "@/src/backend/slices/affiliate-tickets/affiliate-report.server";
import { gameLinks } from "@/src/backend/slices/games-of-chance/games.server";
import type { Config } from "@/src/config/env.server";
import type { GamePage } from "@/src/domain/games-of-chance/game-page";
import { previewLink } from "@/src/shop/cms/preview.server";

/**
 * The marketing scripts' work (decision 22), done by the running shop over its operator endpoint or, when
 * none runs, by the script on the database: one definition each, so both ways give the same answer.
 */
export type OperatorDeps = {
  /** The database, opened on first use (a preview link needs none). */
  db: () => Promise<Db>;
  /** The shop's configuration: its BASE_URL and the secret it signs with. */
  config: Pick<Config, "baseUrl" | "sessionSecret">;
  games: () => Promise<GamePage[]>;
  now: () => Date;
};

export type OperatorTask<Input extends z.ZodType, Output extends z.ZodType> = {
  name: string;
  input: Input;
  output: Output;
  run: (deps: OperatorDeps, input: z.infer<Input>) => Promise<z.infer<Output>>;
};

function defineOperatorTask<Input extends z.ZodType, Output extends z.ZodType>(
  task: OperatorTask<Input, Output>,
): OperatorTask<Input, Output> {
  return task;
}

/** What a task refuses to do, said to the operator (an unknown game or campaign). */
export class OperatorRefusal extends Error {
  override name = "OperatorRefusal";
}

const Slug = (example: string) => z.string().regex(/^[a-z0-9-]{1,80}$/, `expected a name such as ${example}`);

const LinkRowSchema = z.object({ email: z.string(), firstName: z.string(), link: z.string() });

export const gameLinksTask = defineOperatorTask({
  name: "game-links",
  input: z.object({ page: Slug("win-een-auto") }),
  output: z.object({ pageId: z.string(), links: z.array(LinkRowSchema) }),
  run: async (deps, { page }) => {
    const game = (await deps.games()).find((candidate) => candidate.pageId === page);
    if (!game) throw new OperatorRefusal(`No game of chance with page id ${page}`);
    const links = await gameLinks(await deps.db(), game, {
      secret: deps.config.sessionSecret,
      shopUrl: deps.config.baseUrl,
      now: deps.now(),
    });
    return { pageId: game.pageId, links };
  },
});

export const campaignCodesTask = defineOperatorTask({
  name: "campaign-codes",
  input: z.object({
    campaign: Slug("kerstactie"),
    count: z.number().int().min(1).max(MAX_CODES_PER_RUN),
    mailing: Slug("kerstbrief-2026"),
  }),
  output: z.object({ codes: z.array(z.string()) }),
  run: async (deps, { campaign, count, mailing }) => {
    const codes = await createPersonalCodes(
      await deps.db(),
      { campaignId: campaign, count, mailing },
      randomInt,
    );
    if (!codes) throw new OperatorRefusal(`No campaign ${campaign}`);
    return { codes };
  },
});

export const affiliateReportTask = defineOperatorTask({
  name: "affiliate-report",
  input: z.object({ month: ReportMonthSchema }),
  output: z.object({
    rows: z.array(
      z.object({
        partner: z.string(),
        pageId: z.string(),
        orders: z.number(),
        tickets: z.number(),
        amountCents: z.number(),
      }),
    ),
  }),
  run: async (deps, { month }) => ({ rows: await affiliateReport(await deps.db(), month) }),
});

export const previewLinkTask = defineOperatorTask({
  name: "preview-link",
  input: z.object({
    path: z
      .string()
      .max(500)
      .regex(/^\/(?![/\\])\S*$/, "expected a path of the shop, such as /nieuw-concept"),
  }),
  output: z.object({ link: z.string(), expires: z.string() }),
  run: async (deps, { path }) => {
    const now = deps.now().getTime();
    const link = new URL(previewLink(deps.config.sessionSecret, path, now), deps.config.baseUrl);
    const expires = Number(link.searchParams.get("expires"));
    return { link: link.href, expires: new Date(expires).toISOString() };
  },
});

/** Every task the operator endpoint serves, by name. */
export const operatorTasks = [gameLinksTask, campaignCodesTask, affiliateReportTask, previewLinkTask];
