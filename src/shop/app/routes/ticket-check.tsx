import { data } from "react-router";
import { checkTickets, type DrawSummary, getDrawResult, getTicketCheckerDraws } from "@/src/contract/results";
import { CachePolicy } from "@/src/lib/cache-policy";
import { general, pageDescriptions, pages, ticketChecker } from "@/src/lib/messages";
import { PageFrame, pageMeta } from "@/src/shop/app/components/page-frame";
import { readFormPost } from "@/src/shop/app/lib/form-post.server";
import { formToken } from "@/src/shop/app/lib/form-token.server";
import { type RequestContext, requestContext } from "@/src/shop/app/request-context";
import { ApiError } from "@/src/shop/client/api-error";
import { deferred } from "@/src/shop/components/deferred-hydration";
import {
  type CheckerAnswer,
  type CheckerRow,
  normalisedRows,
  refusedFormError,
  rowsFromForm,
  serverErrorsByRow,
  ticketNumberError,
  ticketsToCheck,
} from "@/src/shop/slices/results/ticket-checker/ticket-checker-model";
import type { Route } from "./+types/ticket-check";

/** The checker loads after the page (decision 16): without it, its form posts as plain HTML. */
const TicketChecker = deferred(() =>
  import("@/src/shop/slices/results/ticket-checker/ticket-checker").then((module) => module.TicketChecker),
);

export const meta: Route.MetaFunction = () => [
  ...pageMeta(pages.ticketCheck.title, pageDescriptions.ticketCheck),
  { name: "robots", content: "noindex" },
];

/**
 * The ticket checker on a page of its own: where its form posts without JavaScript (on the results pages
 * it checks in the browser). The page knows the player on the server, so a logged-in player finds the
 * barcode entry here without JavaScript too. Never cached: it answers one player's numbers.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const [{ draws }, player] = await Promise.all([
    ctx.clients.shop.call(getTicketCheckerDraws),
    // The barcode entry is secondary: without the portal the checker still checks.
    ctx.player().catch((error: unknown) => {
      ctx.log.warn({ err: error }, "player unknown; the ticket check page shows no barcode entry");
      return undefined;
    }),
  ]);
  // The barcode entry posts with this browser's anti-forgery token.
  const retailToken = player ? await formToken(ctx) : undefined;
  return { draws, playerLoggedIn: player !== undefined, retailToken };
}

/**
 * Checks the posted numbers against the posted draw with the checker's own rules, then the shop API.
 * The answer holds the rows as entered (numbers normalised once checked) with their messages, or the
 * outcome; a refused check is a 422.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  const form = await readFormPost(request);
  const draw = await postedDraw(ctx, Number(form.get("drawId")));
  if (!draw) throw data(null, { status: 400 });
  const rows = rowsFromForm(form);
  const refused = (answer: Omit<CheckerAnswer, "draw">) =>
    data<CheckerAnswer>({ draw, ...answer }, { status: 422 });

  const checked = ticketsToCheck(rows, draw);
  if (!checked) return refused({ rows, rowErrors: ownRowErrors(rows) });
  if (checked.tickets.length === 0)
    return refused({ rows, rowErrors: {}, formError: ticketChecker.emptyRows });
  const normalised = normalisedRows(rows);
  try {
    const answer = await ctx.clients.shop.call(checkTickets, {
      body: { drawId: draw.drawId, tickets: checked.tickets },
    });
    return data<CheckerAnswer>({
      draw,
      rows: normalised,
      rowErrors: {},
      outcome: { results: answer.results, totalInCents: answer.totalInCents },
    });
  } catch (error) {
    if (!(error instanceof ApiError) || (error.status !== 400 && error.status !== 404)) throw error;
    const mapped = serverErrorsByRow(error.fieldErrors, checked.rowKeys);
    return refused({
      rows: normalised,
      rowErrors: mapped.byRow,
      drawError: mapped.drawId,
      formError: refusedFormError(mapped, error.message || general.generic),
    });
  }
}

/** A checkable draw, or an older published one (a draw's own page offers it). */
async function postedDraw(ctx: RequestContext, drawId: number): Promise<DrawSummary | undefined> {
  if (!Number.isSafeInteger(drawId) || drawId <= 0) return undefined;
  const { draws } = await ctx.clients.shop.call(getTicketCheckerDraws);
  const checkable = draws.find((draw) => draw.drawId === drawId);
  if (checkable) return checkable;
  return ctx.clients.shop
    .call(getDrawResult, { params: { drawId } })
    .then((details) => details.draw)
    .catch((error: unknown) => {
      if (error instanceof ApiError && (error.status === 400 || error.status === 404)) return undefined;
      throw error;
    });
}

/** The checker's own message per row whose number is not a ticket number. */
function ownRowErrors(rows: readonly CheckerRow[]): Record<number, string> {
  const errors: Record<number, string> = {};
  for (const row of rows) {
    const error = ticketNumberError(row);
    if (error) errors[row.key] = error;
  }
  return errors;
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": CachePolicy.private });

export default function TicketCheckPage({ loaderData, actionData }: Route.ComponentProps) {
  const { draws, playerLoggedIn, retailToken } = loaderData;
  const answered = actionData;
  return (
    <PageFrame title={pages.ticketCheck.title}>
      <TicketChecker
        draws={draws}
        initialDrawId={answered?.draw.drawId}
        headingLevel={2}
        title={pages.ticketCheck.numbersTitle}
        playerLoggedIn={playerLoggedIn}
        answered={answered}
        retailToken={retailToken}
      />
    </PageFrame>
  );
}
