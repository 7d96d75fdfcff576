import type { Data } from "@puckeditor/core";
import { useCallback, useEffect, useRef, useState } from "react";
import type { Catalog, ComposerAsset, ComposerPage } from "@/src/contract/composer";
import { composerTexts as say } from "@/src/lib/messages/composer";
import { ApiProblem, composerApi } from "./api";
import { EMPTY_PAGE, fromPuckData, toPuckData } from "./page-data";

/** How long the composer waits after the last change before it saves the concept by itself. */
const AUTOSAVE_AFTER_MS = 3_000;

export type Feedback = { kind: "ok" | "error"; text: string; errors?: string[] };

/** The catalogue and the page (none for a new one), with Puck's data made of it. */
function usePageLoad(pageId: string, setFeedback: (feedback: Feedback) => void) {
  const [catalog, setCatalog] = useState<Catalog>();
  const [page, setPage] = useState<ComposerPage>();
  const [initial, setInitial] = useState<Data>();
  useEffect(() => {
    let current = true;
    Promise.all([composerApi.catalog(), pageId === "nieuw" ? undefined : composerApi.page(pageId)]).then(
      ([loadedCatalog, loadedPage]) => {
        if (!current) return;
        setCatalog(loadedCatalog);
        setPage(loadedPage);
        setInitial(toPuckData(loadedPage?.document ?? EMPTY_PAGE, loadedCatalog));
      },
      (error: unknown) =>
        setFeedback({ kind: "error", text: error instanceof ApiProblem ? error.detail : say.pageNotFound }),
    );
    return () => {
      current = false;
    };
  }, [pageId, setFeedback]);
  /** An image just uploaded, in the catalogue's list from now on. */
  const addAsset = useCallback(
    (asset: ComposerAsset) =>
      setCatalog(
        (known) => known && { ...known, assets: [...known.assets.filter((a) => a.id !== asset.id), asset] },
      ),
    [],
  );
  return { catalog, page, setPage, initial, addAsset };
}

/** What the editor is told of a refused call: the problem's Dutch detail and each field's message. */
function problemFeedback(error: ApiProblem, lead: string): Feedback {
  const messages = Object.values(error.errors).flat();
  return { kind: "error", text: error.status === 422 ? lead : error.detail, errors: messages };
}

type Latest = {
  catalog?: Catalog;
  page?: ComposerPage;
  conflict?: string;
  data?: Data;
  dirty: boolean;
  /** Told of every edit (the live preview). */
  onEdit?: () => void;
};

/** Saving the concept: by the button, and by itself a moment after the last change. */
function useConceptSaving(
  latest: React.RefObject<Latest>,
  timer: React.RefObject<ReturnType<typeof setTimeout> | undefined>,
  succeed: (next: ComposerPage, text: string) => void,
  fail: (error: unknown) => void,
) {
  const save = useCallback(
    async (autosave = false): Promise<ComposerPage | undefined> => {
      clearTimeout(timer.current);
      const { data, catalog: known, page: current, conflict: conflicted } = latest.current;
      if (!data || !known || conflicted) return current;
      try {
        const document = fromPuckData(data, known);
        const saved = current
          ? await composerApi.save(current.id, current.version, document, autosave)
          : await composerApi.create(document);
        latest.current.dirty = false;
        if (!current)
          window.history.replaceState(null, "", `/redactie/pagina/${encodeURIComponent(saved.id)}`);
        const time = new Date().toLocaleTimeString("nl-NL", { hour: "2-digit", minute: "2-digit" });
        succeed(saved, autosave ? say.autosaved(time) : say.saved);
        return saved;
      } catch (error) {
        fail(error);
        return undefined;
      }
    },
    [latest, timer, fail, succeed],
  );

  const onChange = useCallback(
    (next: Data) => {
      // Puck also reports data it was given back unchanged: only an edit is saved.
      if (JSON.stringify(next) === JSON.stringify(latest.current.data)) return;
      latest.current.data = next;
      latest.current.dirty = true;
      latest.current.onEdit?.();
      clearTimeout(timer.current);
      if (latest.current.page) timer.current = setTimeout(() => void save(true), AUTOSAVE_AFTER_MS);
    },
    [latest, timer, save],
  );

  return { save, onChange };
}

/**
 * A page in the composer (issue 44): saved as a concept against the version it was loaded at (a conflict
 * keeps the editor's edit to copy), saved by itself a moment after each change, moved through review and
 * publication.
 */
export function usePageEditor(pageId: string) {
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [feedback, setFeedback] = useState<Feedback>();
  const [conflict, setConflict] = useState<string>();
  const [previewVersion, setPreviewVersion] = useState(0);
  const { catalog, page, setPage, initial, addAsset } = usePageLoad(pageId, setFeedback);
  const latest = useRef<Latest>({ catalog, page, conflict, data: undefined, dirty: false });
  Object.assign(latest.current, { catalog, page, conflict });
  if (!latest.current.data && initial) latest.current.data = initial;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const fail = useCallback((error: unknown, lead: string = say.invalid) => {
    if (!(error instanceof ApiProblem)) throw error;
    const { data: current, catalog: known } = latest.current;
    if (error.status === 409 && current && known)
      setConflict(JSON.stringify(fromPuckData(current, known), null, 2));
    if (error.status !== 409) setErrors(error.errors);
    setFeedback(problemFeedback(error, lead));
  }, []);

  const succeed = useCallback(
    (next: ComposerPage, text: string) => {
      latest.current.page = next;
      setPage(next);
      setErrors({});
      setFeedback({ kind: "ok", text });
      setPreviewVersion((version) => version + 1);
    },
    [setPage],
  );

  const { save, onChange } = useConceptSaving(latest, timer, succeed, fail);

  /** A step of the page's life, on the saved concept (unsaved changes are saved first). */
  const step = useCallback(
    async (run: (saved: ComposerPage) => Promise<ComposerPage>, done: string) => {
      const saved = latest.current.dirty || !latest.current.page ? await save() : latest.current.page;
      if (!saved) return;
      try {
        succeed(await run(saved), done);
      } catch (error) {
        fail(error, say.cannotPublish);
      }
    },
    [save, fail, succeed],
  );

  /** The page as the editor has it now, saved or not. */
  const currentDocument = useCallback(() => {
    const { data, catalog: known } = latest.current;
    return data && known ? fromPuckData(data, known) : undefined;
  }, []);
  const setOnEdit = useCallback((listener: (() => void) | undefined) => {
    latest.current.onEdit = listener;
  }, []);

  return {
    catalog,
    page,
    initial,
    currentDocument,
    setOnEdit,
    errors,
    feedback,
    conflict,
    previewVersion,
    save,
    onChange,
    step,
    setPage,
    addAsset,
  };
}
