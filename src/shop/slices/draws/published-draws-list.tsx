import { type DehydratedState, HydrationBoundary, useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { getPublishedDraws } from "@/src/contract/draws";
import { drawSlug } from "@/src/domain/results/draw-slug";
import { formatDate, formatEuroCents } from "@/src/lib/format";
import { general, pages } from "@/src/lib/messages";
import { endpointQueryOptions } from "@/src/shop/client/query-client";
import { useApiClients } from "@/src/shop/components/api-context";
import { TableScroll } from "@/src/shop/components/table-scroll";

/** The query every page uses for the list of recent results (server prefetch and browser share it). */
export const RECENT_DRAWS_INPUT = { query: { gameType: "KROON", limit: 12 } } as const;

/**
 * Recent published draws with their jackpots, each linking to its own result page; data comes from the
 * server render, then from the API.
 */
export function PublishedDrawsList() {
  const { shop } = useApiClients();
  const draws = useQuery(endpointQueryOptions(shop, getPublishedDraws, RECENT_DRAWS_INPUT));
  if (draws.isPending) return <p aria-busy="true">{pages.results.loading}</p>;
  if (draws.isError)
    return <p role="alert">{draws.error instanceof Error ? draws.error.message : general.generic}</p>;
  return (
    <section aria-labelledby="recent-draws">
      <h2 id="recent-draws">{pages.results.recentDraws}</h2>
      <TableScroll label={pages.results.recentDraws}>
        <table className="table" aria-labelledby="recent-draws">
          <thead>
            <tr>
              <th scope="col">{pages.results.columnDraw}</th>
              <th scope="col">{pages.results.columnDate}</th>
              <th scope="col">{pages.results.columnJackpot}</th>
            </tr>
          </thead>
          <tbody>
            {draws.data.draws.map((draw) => (
              <tr key={draw.drawId}>
                <td>
                  <Link to={`/trekkingsuitslag/${drawSlug(draw.name)}`}>{draw.name}</Link>
                </td>
                <td>{formatDate(draw.drawDate)}</td>
                <td>{formatEuroCents(draw.jackpotInCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}

/** The list with the server's query data, for the results overview (it loads after the page, decision 16). */
export function PublishedDraws({ state }: { state: DehydratedState }) {
  return (
    <HydrationBoundary state={state}>
      <PublishedDrawsList />
    </HydrationBoundary>
  );
}
