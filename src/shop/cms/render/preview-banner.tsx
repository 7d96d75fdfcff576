import type { ResolvedPage } from "@/content-models/resolved";
import { cms } from "@/src/lib/messages/core";

/** The preview's banner: the way out of preview, and what the resolver noticed on the page. */
export function PreviewBanner({ page }: { page: ResolvedPage }) {
  return (
    <aside className="preview-banner" aria-label={cms.previewBanner}>
      <strong>{cms.previewBanner}</strong>
      <a href={`/api/cms/preview/exit?path=${encodeURIComponent(page.path)}`}>{cms.previewExit}</a>
      {page.notices.length > 0 ? (
        <details>
          <summary>{cms.previewNoticesTitle}</summary>
          <ul>
            {page.notices.map((notice) => (
              <li key={`${notice.entryId}|${notice.field ?? ""}|${notice.message}`}>
                {notice.entryName ? `${notice.entryName} (${notice.entryId})` : notice.entryId}:{" "}
                {notice.message}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </aside>
  );
}
