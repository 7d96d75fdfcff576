import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import type { ResolvedPage } from "@/content-models/resolved";
import { cms } from "@/src/lib/messages/core";
import { reportClientError } from "@/src/lib/report-client-error";

/**
 * On Contentful, the preview loads Contentful's live-preview SDK (decision 27): only here, with `import()`,
 * so no player's page carries it. A change the editor saves in Contentful's web app shows the page again.
 */
function useLivePreview(page: ResolvedPage): void {
  const { revalidate } = useRevalidator();
  const latestRevalidate = useRef(revalidate);
  latestRevalidate.current = revalidate;
  useEffect(() => {
    if (!page.livePreview) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    import("./live-preview.client")
      .then((module) => {
        if (!cancelled) stop = module.startLivePreview(page, () => void latestRevalidate.current());
      })
      .catch((error: unknown) => reportClientError(error, "live-preview"));
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [page]);
}

/** The preview's banner: the way out of preview, and what the resolver noticed on the page. */
export function PreviewBanner({ page }: { page: ResolvedPage }) {
  useLivePreview(page);
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
