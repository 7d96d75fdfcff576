import type { ComposerPage } from "@/src/contract/composer";
import { composerTexts as say } from "@/src/lib/messages/composer";
import { useConceptPreview } from "./use-concept-preview";
import type { usePageEditor } from "./use-page-editor";

/**
 * The shop's own rendering of the page beside the editor, at the chosen width: the concept as typed once
 * the editor changes something (issue 44), the saved concept before; and the saved concept's signed link.
 */
export function PreviewPanel({
  editor,
  page,
  width,
}: {
  editor: ReturnType<typeof usePageEditor>;
  page: ComposerPage;
  width: number;
}) {
  const conceptSrc = useConceptPreview(editor);
  return (
    <section className="composer-preview" aria-label={say.preview}>
      <p>
        {say.previewLive}{" "}
        <a href={page.previewUrl} target="_blank" rel="noopener">
          {say.previewOpen}
        </a>
      </p>
      <iframe
        key={conceptSrc ? undefined : editor.previewVersion}
        title={say.preview}
        src={conceptSrc ?? page.previewUrl}
        width={width}
        height={720}
      />
    </section>
  );
}
