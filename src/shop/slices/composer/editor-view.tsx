import { createUsePuck, Puck } from "@puckeditor/core";
import { useEffect, useMemo, useState } from "react";
import type { EditorSession } from "@/src/contract/composer";
import { composerTexts as say } from "@/src/lib/messages/composer";
import { composerApi } from "./api";
import { ComposerFieldContext } from "./field-controls";
import { HistoryPanel } from "./history-panel";
import { NestControls, ROOT_ZONE } from "./nest-controls";
import { PreviewPanel } from "./preview-panel";
import { puckConfig } from "./puck-config";
import { type Feedback, usePageEditor } from "./use-page-editor";

const usePuck = createUsePuck();
type Width = 390 | 1280;

/** A page in the composer: its life's buttons, the Puck editor on the shop's blocks, the shop's preview. */
export function EditorView({
  pageId,
  session,
  navigate,
}: {
  pageId: string;
  session: EditorSession;
  navigate: (to: string) => void;
}) {
  const editor = usePageEditor(pageId);
  const { catalog, page, initial } = editor;
  const [width, setWidth] = useState<Width>(1280);
  const [showPreview, setShowPreview] = useState(false);
  const [showHistory, setShowHistory] = useState(false);
  const config = useMemo(() => catalog && puckConfig(catalog), [catalog]);
  const { addAsset } = editor;
  const fieldContext = useMemo(
    () => catalog && { errors: editor.errors, catalog, addAsset, pageId: page?.id },
    [catalog, editor.errors, addAsset, page?.id],
  );
  useEffect(() => {
    document.title = `${page?.document.settings.title || say.newPage} | Redactie Kroonloterij`;
  }, [page]);

  if (!catalog || !config || !initial || !fieldContext) {
    return (
      <main className="composer-main">
        {editor.feedback ? <FeedbackView feedback={editor.feedback} /> : <p>Laden...</p>}
      </main>
    );
  }
  return (
    <ComposerFieldContext.Provider value={fieldContext}>
      <Puck config={config} data={initial} onChange={editor.onChange} iframe={{ enabled: false }}>
        <main className="composer-editor-main">
          <h1 className="composer-page-title">
            {page?.document.settings.title || say.newPage}
            {page ? (
              <span className={`composer-status composer-status-${page.status}`}>
                {say.status[page.status]}
              </span>
            ) : null}
          </h1>
          <LifeButtons editor={editor} session={session} />
          {editor.feedback ? <FeedbackView feedback={editor.feedback} /> : null}
          {editor.conflict ? (
            <ConflictView edit={editor.conflict} onReload={() => window.location.reload()} />
          ) : null}
          <ViewToolbar
            width={width}
            setWidth={setWidth}
            showPreview={showPreview}
            setShowPreview={setShowPreview}
            showHistory={showHistory}
            setShowHistory={setShowHistory}
            hasPage={Boolean(page)}
            navigate={navigate}
          />
          {showHistory && page ? (
            <HistoryPanel page={page} onRestored={() => window.location.reload()} />
          ) : null}
          {showPreview && page ? <PreviewPanel editor={editor} page={page} width={width} /> : null}
          <EditorLayout width={width} />
        </main>
      </Puck>
    </ComposerFieldContext.Provider>
  );
}

function ViewToolbar(props: {
  width: Width;
  setWidth: (width: Width) => void;
  showPreview: boolean;
  setShowPreview: (toggle: (shown: boolean) => boolean) => void;
  showHistory: boolean;
  setShowHistory: (toggle: (shown: boolean) => boolean) => void;
  hasPage: boolean;
  navigate: (to: string) => void;
}) {
  return (
    <div className="composer-toolbar">
      <button type="button" aria-pressed={props.width === 390} onClick={() => props.setWidth(390)}>
        {say.phone}
      </button>
      <button type="button" aria-pressed={props.width === 1280} onClick={() => props.setWidth(1280)}>
        {say.desktop}
      </button>
      <button
        type="button"
        aria-expanded={props.showPreview}
        onClick={() => props.setShowPreview((shown) => !shown)}
        disabled={!props.hasPage}
      >
        {say.preview}
      </button>
      <button
        type="button"
        aria-expanded={props.showHistory}
        onClick={() => props.setShowHistory((shown) => !shown)}
        disabled={!props.hasPage}
      >
        {say.history}
      </button>
      <a
        href="/redactie"
        onClick={(event) => {
          event.preventDefault();
          props.navigate("/redactie");
        }}
      >
        {say.back}
      </a>
    </div>
  );
}

function EditorLayout({ width }: { width: Width }) {
  return (
    <div className="composer-editor">
      <nav className="composer-left" aria-label="Blokken en opbouw">
        <h2>Blokken</h2>
        <AddBlock />
        <Puck.Components />
        <h2>Opbouw</h2>
        <BlockOutline />
      </nav>
      <section className="composer-canvas-wrap" aria-label="Pagina">
        <div style={{ maxWidth: width === 390 ? "390px" : "1280px" }} className="composer-canvas-frame">
          <Puck.Preview />
        </div>
      </section>
      <section className="composer-right" aria-label="Velden">
        <h2>Velden</h2>
        <MoveControls />
        <Puck.Fields />
      </section>
    </div>
  );
}

type OutlineItem = { type: string; props: Record<string, unknown> & { id: string } };

/**
 * The page's blocks as a list of buttons that select them (Puck's own outline nests one button in
 * another, which assistive technology cannot operate; axe reports it).
 */
function BlockOutline() {
  const content = usePuck((state) => state.appState.data.content) as OutlineItem[];
  const config = usePuck((state) => state.config);
  const selectedId = usePuck((state) => state.selectedItem?.props.id);
  const dispatch = usePuck((state) => state.dispatch);
  const select = (index: number, zone: string) =>
    dispatch({ type: "setUi", ui: { itemSelector: { index, zone } } });
  const list = (items: OutlineItem[], zone: string) => (
    <ol className="composer-outline">
      {items.map((item, index) => {
        const slot = Object.entries(config.components[item.type]?.fields ?? {}).find(
          ([, field]) => field.type === "slot",
        )?.[0];
        const children = slot ? (item.props[slot] as OutlineItem[] | undefined) : undefined;
        return (
          <li key={item.props.id}>
            <button
              type="button"
              aria-current={item.props.id === selectedId || undefined}
              onClick={() => select(index, zone)}
            >
              {config.components[item.type]?.label ?? item.type}
            </button>
            {slot && children && children.length > 0 ? list(children, `${item.props.id}:${slot}`) : null}
          </li>
        );
      })}
    </ol>
  );
  return content.length > 0 ? list(content, ROOT_ZONE) : <p className="composer-hint">Nog geen blokken.</p>;
}

/**
 * Adding a block without dragging: after the selected block (in its list), or at the end of the page. A
 * section's own blocks are added by selecting a block inside it, or by dragging.
 */
function AddBlock() {
  const config = usePuck((state) => state.config);
  const selector = usePuck((state) => state.appState.ui.itemSelector);
  const length = usePuck((state) => state.appState.data.content.length);
  const dispatch = usePuck((state) => state.dispatch);
  const [type, setType] = useState("");
  const add = () => {
    if (!type) return;
    const zone = selector?.zone ?? ROOT_ZONE;
    const index = selector?.zone ? selector.index + 1 : length;
    dispatch({ type: "insert", componentType: type, destinationIndex: index, destinationZone: zone });
    dispatch({ type: "setUi", ui: { itemSelector: { index, zone } } });
  };
  return (
    <div className="composer-field">
      <label htmlFor="blok-toevoegen">Blok toevoegen</label>
      <select id="blok-toevoegen" value={type} onChange={(event) => setType(event.target.value)}>
        <option value="">(kies een blok)</option>
        {Object.entries(config.components).map(([name, component]) => (
          <option key={name} value={name}>
            {component.label ?? name}
          </option>
        ))}
      </select>
      <button type="button" onClick={add} disabled={!type}>
        Toevoegen
      </button>
    </div>
  );
}

/** Keyboard reordering: the selected block one place up or down in its list (a section's or the page's). */
function MoveControls() {
  const selector = usePuck((state) => state.appState.ui.itemSelector);
  const dispatch = usePuck((state) => state.dispatch);
  const count = usePuck((state) => {
    const zone = state.appState.ui.itemSelector?.zone;
    if (!zone) return 0;
    if (zone === ROOT_ZONE) return state.appState.data.content.length;
    // A slot's zone is "<parent id>:<slot field>".
    const separator = zone.lastIndexOf(":");
    const parent = state.getItemById(zone.slice(0, separator));
    const list = parent?.props[zone.slice(separator + 1)];
    return Array.isArray(list) ? list.length : 0;
  });
  const [announcement, setAnnouncement] = useState("");
  if (!selector?.zone)
    return <p className="composer-hint">Kies een blok om het te bewerken of te verplaatsen.</p>;
  const { index, zone } = selector;
  const move = (delta: number) => {
    const destinationIndex = index + delta;
    dispatch({ type: "reorder", sourceIndex: index, destinationIndex, destinationZone: zone });
    dispatch({ type: "setUi", ui: { itemSelector: { index: destinationIndex, zone } } });
    setAnnouncement(`Blok verplaatst naar plaats ${destinationIndex + 1} van ${count}.`);
  };
  return (
    <div className="composer-move">
      <button type="button" onClick={() => move(-1)} disabled={index === 0}>
        Blok omhoog
      </button>
      <button type="button" onClick={() => move(1)} disabled={index >= count - 1}>
        Blok omlaag
      </button>
      <NestControls announce={setAnnouncement} />
      <p className="composer-visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}

function LifeButtons({
  editor,
  session,
}: {
  editor: ReturnType<typeof usePageEditor>;
  session: EditorSession;
}) {
  const { page } = editor;
  const [at, setAt] = useState("");
  const final = session.editor.role === "eindredacteur";
  return (
    <div className="composer-toolbar">
      <button type="button" onClick={() => void editor.save()}>
        {say.save}
      </button>
      {page && !final ? (
        <button
          type="button"
          onClick={() =>
            void editor.step((saved) => composerApi.step(saved.id, "review", saved.version), say.reviewAsked)
          }
        >
          {say.askReview}
        </button>
      ) : null}
      {page && final ? (
        <>
          <button
            type="button"
            onClick={() =>
              void editor.step(
                (saved) => composerApi.step(saved.id, "publiceren", saved.version),
                say.published,
              )
            }
          >
            {say.publish}
          </button>
          <button
            type="button"
            disabled={page.status === "concept"}
            onClick={() =>
              void editor.step(
                (saved) => composerApi.step(saved.id, "offline", saved.version),
                say.unpublished,
              )
            }
          >
            {say.unpublish}
          </button>
          <label htmlFor="plan-moment">{say.scheduleAt}</label>
          <input
            id="plan-moment"
            type="datetime-local"
            step={1}
            value={at}
            onChange={(event) => setAt(event.target.value)}
          />
          <button
            type="button"
            disabled={!at}
            onClick={() =>
              void editor.step(
                (saved) => composerApi.schedule(saved.id, saved.version, new Date(at).toISOString()),
                say.scheduled(new Date(at).toLocaleString("nl-NL")),
              )
            }
          >
            {say.schedule}
          </button>
        </>
      ) : null}
    </div>
  );
}

function FeedbackView({ feedback }: { feedback: Feedback }) {
  return (
    <div
      className={feedback.kind === "ok" ? "composer-ok" : "composer-error"}
      role={feedback.kind === "ok" ? "status" : "alert"}
    >
      <p>{feedback.text}</p>
      {feedback.errors && feedback.errors.length > 0 ? (
        <ul>
          {feedback.errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function ConflictView({ edit, onReload }: { edit: string; onReload: () => void }) {
  return (
    <section className="composer-conflict" aria-label={say.yourEdit}>
      <label htmlFor="eigen-wijzigingen">{say.yourEdit}</label>
      <textarea id="eigen-wijzigingen" readOnly rows={10} value={edit} />
      <button type="button" onClick={onReload}>
        {say.reload}
      </button>
    </section>
  );
}
