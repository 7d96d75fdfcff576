import { useEffect, useState } from "react";
import type { PageSummary } from "@/src/contract/composer";
import { composerTexts as say } from "@/src/lib/messages/composer";
import { composerApi } from "./api";
import { formatWhen } from "./format-when";

/** The pages with their status, review request, schedule and last edit; searchable by title and path. */
export function PageListView({ navigate }: { navigate: (to: string) => void }) {
  const [query, setQuery] = useState("");
  const [pages, setPages] = useState<PageSummary[]>();
  useEffect(() => {
    document.title = `${say.pagesTitle} | Redactie Kroonloterij`;
    let current = true;
    const timer = setTimeout(() => {
      composerApi.listPages(query).then((found) => current && setPages(found));
    }, 200);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [query]);

  const open = (to: string) => (event: React.MouseEvent) => {
    event.preventDefault();
    navigate(to);
  };
  return (
    <main className="composer-main">
      <h1>{say.pagesTitle}</h1>
      <div className="composer-toolbar">
        <label htmlFor="pagina-zoeken">{say.search}</label>
        <input
          id="pagina-zoeken"
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
        <a className="composer-button" href="/redactie/pagina/nieuw" onClick={open("/redactie/pagina/nieuw")}>
          {say.newPage}
        </a>
      </div>
      {pages === undefined ? <p>Laden...</p> : null}
      {pages?.length === 0 ? <p>{say.noPages}</p> : null}
      {pages && pages.length > 0 ? (
        <table className="composer-table">
          <thead>
            <tr>
              <th scope="col">{say.title}</th>
              <th scope="col">{say.path}</th>
              <th scope="col">Status</th>
              <th scope="col">{say.lastEdited}</th>
            </tr>
          </thead>
          <tbody>
            {pages.map((page) => (
              <tr key={page.id}>
                <td>
                  <a
                    href={`/redactie/pagina/${encodeURIComponent(page.id)}`}
                    onClick={open(`/redactie/pagina/${encodeURIComponent(page.id)}`)}
                  >
                    {page.title || page.id}
                  </a>
                </td>
                <td>{page.path}</td>
                <td>
                  <span className={`composer-status composer-status-${page.status}`}>
                    {say.status[page.status]}
                  </span>
                  {page.scheduledFor ? ` (${formatWhen(page.scheduledFor)})` : ""}
                  {page.reviewRequestedBy ? `, ${say.reviewRequested} (${page.reviewRequestedBy})` : ""}
                </td>
                <td>
                  {page.lastEditedAt ? formatWhen(page.lastEditedAt) : ""}
                  {page.lastEditedBy ? ` ${say.by} ${page.lastEditedBy}` : ""}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </main>
  );
}
