import { useEffect, useRef, useState } from "react";
import type { ComposerPage, PageDocument } from "@/src/contract/composer";
import { composerApi } from "./api";

/** How long after the last keystroke the preview shows what was typed. */
const PREVIEW_AFTER_MS = 600;

/**
 * The shop's preview of the concept as the editor types it (issue 44), unsaved: a moment after each edit
 * the composer hands the page to the shop, which renders it with its own blocks and their real data under
 * an address of its own; the preview frame follows that address. The frame first opens the page's signed
 * preview link, which puts the browser in preview mode (the concept addresses show nothing without it).
 */
export function useConceptPreview(editor: {
  page?: ComposerPage;
  currentDocument: () => PageDocument | undefined;
  setOnEdit: (listener: (() => void) | undefined) => void;
}): string | undefined {
  const [src, setSrc] = useState<string>();
  const previewMode = useRef<Promise<unknown>>(undefined);
  const page = editor.page;
  const { currentDocument, setOnEdit } = editor;
  const pageId = page?.id;
  const previewUrl = page?.previewUrl;

  useEffect(() => {
    if (!pageId || !previewUrl) return;
    let current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = async () => {
      const document = currentDocument();
      if (!document) return;
      previewMode.current ??= fetch(previewUrl, { redirect: "manual", credentials: "same-origin" });
      try {
        await previewMode.current;
        const { url } = await composerApi.previewConcept(pageId, document);
        if (current) setSrc(url);
      } catch {
        // The frame keeps what it shows (the saved concept); the next edit tries again.
      }
    };
    setOnEdit(() => {
      clearTimeout(timer);
      timer = setTimeout(() => void refresh(), PREVIEW_AFTER_MS);
    });
    return () => {
      current = false;
      clearTimeout(timer);
      setOnEdit(undefined);
    };
  }, [pageId, previewUrl, currentDocument, setOnEdit]);

  return src;
}
