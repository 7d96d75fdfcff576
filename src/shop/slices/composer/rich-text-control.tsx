import { Blockquote } from "@tiptap/extension-blockquote";
import { Bold } from "@tiptap/extension-bold";
import { Document } from "@tiptap/extension-document";
import { HardBreak } from "@tiptap/extension-hard-break";
import { Heading } from "@tiptap/extension-heading";
import { HorizontalRule } from "@tiptap/extension-horizontal-rule";
import { Italic } from "@tiptap/extension-italic";
import { Link } from "@tiptap/extension-link";
import { BulletList, ListItem, ListKeymap, OrderedList } from "@tiptap/extension-list";
import { Paragraph } from "@tiptap/extension-paragraph";
import { Text } from "@tiptap/extension-text";
import { Underline } from "@tiptap/extension-underline";
import { type Editor, EditorContent, useEditor, useEditorState } from "@tiptap/react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { hyperlinkProblem } from "@/src/lib/link-rules";
import { composerRichTextTexts as say } from "@/src/lib/messages/composer-rich-text";
import { documentToEditor, type EditorNode, editorToDocument, HEADING_LEVELS } from "./rich-text-document";

/**
 * The composer's rich text field (issue 44): a TipTap editor (the editor Puck's own rich text field uses,
 * already in the composer's bundle) limited to what the shop renders: bold, italic, underline, headings 2
 * to 4, lists and hyperlinks under the link rules of spec section 5. The value stays a Contentful Document.
 */
export type RichTextControlProps = {
  /** The field's name, the editable area's accessible name. */
  label: string;
  value: unknown;
  onChange: (value: unknown) => void;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
};

const extensions = [
  Document,
  Paragraph,
  Text,
  HardBreak,
  Bold,
  Italic,
  Underline,
  Heading.configure({ levels: [...HEADING_LEVELS] }),
  BulletList,
  OrderedList,
  ListItem,
  ListKeymap,
  Blockquote,
  HorizontalRule,
  Link.configure({
    openOnClick: false,
    autolink: false,
    linkOnPaste: false,
    protocols: [],
    isAllowedUri: (url) => hyperlinkProblem(url) === undefined,
    HTMLAttributes: { rel: null, target: null },
  }),
];

const serialise = (value: unknown) => JSON.stringify(value ?? null);

export default function RichTextControl(props: RichTextControlProps) {
  const { label, value, onChange } = props;
  const emitted = useRef(serialise(value));
  // Without deps, useEditor hands each render's options (handlers, attributes) to the same editor.
  const editor = useEditor({
    extensions,
    content: documentToEditor(value),
    editorProps: { attributes: editableAttributes(props) },
    onUpdate: ({ editor: current }) => {
      const document = editorToDocument(current.getJSON() as EditorNode);
      emitted.current = serialise(document);
      onChange(document);
    },
  });
  // A value from outside (undo, another block) replaces the editor's content.
  useEffect(() => {
    if (!editor || serialise(value) === emitted.current) return;
    emitted.current = serialise(value);
    editor.commands.setContent(documentToEditor(value), { emitUpdate: false });
  }, [editor, value]);
  return (
    <div className="composer-richtext">
      {editor ? <Toolbar editor={editor} label={label} /> : null}
      <EditorContent editor={editor} />
    </div>
  );
}

/** The editable area's attributes: a labelled multi-line text box, invalid while the server says so. */
function editableAttributes(
  props: Pick<RichTextControlProps, "label" | "aria-invalid" | "aria-describedby">,
): Record<string, string> {
  return {
    role: "textbox",
    "aria-multiline": "true",
    "aria-label": props.label,
    class: "composer-richtext-content",
    ...(props["aria-invalid"] ? { "aria-invalid": "true" } : {}),
    ...(props["aria-describedby"] ? { "aria-describedby": props["aria-describedby"] } : {}),
  };
}

function Toolbar({ editor, label }: { editor: Editor; label: string }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive("bold"),
      italic: current.isActive("italic"),
      underline: current.isActive("underline"),
      bulletList: current.isActive("bulletList"),
      orderedList: current.isActive("orderedList"),
      link: current.isActive("link"),
      level: HEADING_LEVELS.find((level) => current.isActive("heading", { level })) ?? 0,
    }),
  });
  const [linkOpen, setLinkOpen] = useState(false);
  const chain = () => editor.chain().focus();
  return (
    <>
      <div className="composer-richtext-toolbar" role="toolbar" aria-label={say.toolbar(label)}>
        <ToggleButton
          label={say.bold}
          keys="Ctrl+B"
          pressed={state.bold}
          onClick={() => chain().toggleBold().run()}
        >
          <b>B</b>
        </ToggleButton>
        <ToggleButton
          label={say.italic}
          keys="Ctrl+I"
          pressed={state.italic}
          onClick={() => chain().toggleItalic().run()}
        >
          <i>I</i>
        </ToggleButton>
        <ToggleButton
          label={say.underline}
          keys="Ctrl+U"
          pressed={state.underline}
          onClick={() => chain().toggleUnderline().run()}
        >
          <u>U</u>
        </ToggleButton>
        <BlockTypeSelect editor={editor} level={state.level} />
        <ToggleButton
          label={say.bulletList}
          pressed={state.bulletList}
          onClick={() => chain().toggleBulletList().run()}
        >
          • {say.bulletList}
        </ToggleButton>
        <ToggleButton
          label={say.orderedList}
          pressed={state.orderedList}
          onClick={() => chain().toggleOrderedList().run()}
        >
          1. {say.orderedList}
        </ToggleButton>
        <ToggleButton label={say.link} pressed={state.link} onClick={() => setLinkOpen((open) => !open)}>
          {say.link}
        </ToggleButton>
      </div>
      {linkOpen ? <LinkForm editor={editor} onClose={() => setLinkOpen(false)} /> : null}
    </>
  );
}

function ToggleButton(props: {
  label: string;
  keys?: string;
  pressed: boolean;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={props.pressed}
      aria-label={props.label}
      aria-keyshortcuts={props.keys?.replace("Ctrl", "Control")}
      title={props.keys ? `${props.label} (${props.keys})` : props.label}
      // Keeps the editor's selection: the button does not take the focus on a mouse click.
      onMouseDown={(event) => event.preventDefault()}
      onClick={props.onClick}
    >
      {props.children}
    </button>
  );
}

function BlockTypeSelect({ editor, level }: { editor: Editor; level: number }) {
  const id = useId();
  return (
    <span className="composer-richtext-blocktype">
      <label htmlFor={id}>{say.blockType}</label>
      <select
        id={id}
        value={level}
        onChange={(event) => {
          const next = Number(event.target.value) as (typeof HEADING_LEVELS)[number] | 0;
          if (next === 0) editor.chain().focus().setParagraph().run();
          else editor.chain().focus().setHeading({ level: next }).run();
        }}
      >
        <option value={0}>{say.paragraph}</option>
        {HEADING_LEVELS.map((option) => (
          <option key={option} value={option}>
            {say.heading(option)}
          </option>
        ))}
      </select>
    </span>
  );
}

function LinkForm({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const id = useId();
  const current = editor.getAttributes("link").href;
  const [address, setAddress] = useState(typeof current === "string" ? current : "");
  const [problem, setProblem] = useState<string>();
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const uri = address.trim();
    const refused = hyperlinkProblem(uri);
    if (refused) return setProblem(refused === "unsafe" ? say.linkUnsafe(uri) : say.linkForm(uri));
    if (editor.state.selection.empty && !editor.isActive("link")) return setProblem(say.linkNeedsSelection);
    editor.chain().focus().extendMarkRange("link").setLink({ href: uri }).run();
    onClose();
  };
  const remove = () => {
    editor.chain().focus().extendMarkRange("link").unsetLink().run();
    onClose();
  };
  return (
    // No form of its own: the field sits inside Puck's fields panel, which may itself be in a form.
    <fieldset className="composer-richtext-link">
      <legend>{say.link}</legend>
      <label htmlFor={id}>{say.linkAddress}</label>
      <input
        id={id}
        type="text"
        inputMode="url"
        value={address}
        aria-describedby={`${id}-hint${problem ? ` ${id}-fout` : ""}`}
        aria-invalid={problem ? true : undefined}
        onChange={(event) => {
          setAddress(event.target.value);
          setProblem(undefined);
        }}
        onKeyDown={(event) => {
          if (event.key === "Enter") apply(event);
          if (event.key === "Escape") onClose();
        }}
      />
      <p id={`${id}-hint`} className="composer-richtext-hint">
        {say.linkHint}
      </p>
      {problem ? (
        <p id={`${id}-fout`} className="composer-field-errors" role="alert">
          {problem}
        </p>
      ) : null}
      <button type="button" onClick={apply}>
        {say.linkApply}
      </button>
      {editor.isActive("link") ? (
        <button type="button" onClick={remove}>
          {say.linkRemove}
        </button>
      ) : null}
      <button type="button" onClick={onClose}>
        {say.linkCancel}
      </button>
    </fieldset>
  );
}
