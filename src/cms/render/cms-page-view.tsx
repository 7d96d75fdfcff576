import { preloadModule } from "react-dom";
import type { ResolvedBlock, ResolvedPage } from "@/src/cms/cms-types";
import { cms } from "@/src/lib/messages";
import { BlockList } from "./block-view";
import { CmsRefsContext } from "./cms-context";

/** Every block type on a page, nested ones included (for chunk preloading). */
export function blockTypesOf(blocks: ResolvedBlock[], refs?: ResolvedPage["refs"]): Set<string> {
  const types = new Set<string>();
  const visit = (list: ResolvedBlock[]) => {
    for (const block of list) {
      types.add(block.type);
      visit(block.children ?? []);
    }
  };
  visit(blocks);
  if (refs) visit(Object.values(refs.blocks));
  return types;
}

function PreviewBanner({ page }: { page: ResolvedPage }) {
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
                {notice.entryId}
                {notice.contentType ? ` (${notice.contentType})` : ""}
                {notice.field ? ` ${notice.field}` : ""}: {notice.message}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </aside>
  );
}

/** A CMS page: its blocks in order, the preview banner in preview, and modulepreload of its chunks. */
export function CmsPageView({
  page,
  chunks = [],
  hideTitle = false,
}: {
  page: ResolvedPage;
  chunks?: string[];
  hideTitle?: boolean;
}) {
  for (const href of chunks) preloadModule(href, { as: "script" });
  return (
    <CmsRefsContext value={page.refs}>
      {page.preview ? <PreviewBanner page={page} /> : null}
      <div className="cms-page" data-page-id={page.id}>
        {page.blocks[0]?.type === "hero" || hideTitle ? null : (
          <h1 className="cms-page__title">{page.title}</h1>
        )}
        <BlockList blocks={page.blocks} />
      </div>
    </CmsRefsContext>
  );
}
