import { lazy, Suspense } from "react";
import { composerRichTextTexts as say } from "@/src/lib/messages/composer-rich-text";
import { isEditableDocument } from "./rich-text-document";

/** The editor with its toolbar, loaded when a block with a rich text field is first selected. */
const RichTextControl = lazy(() => import("./rich-text-control"));

type Props = {
  common: { id: string; "aria-invalid"?: boolean; "aria-describedby"?: string };
  label: string;
  value: unknown;
  onChange: (value: unknown) => void;
};

/**
 * A rich text field of the composer: the editor, or, for a text with embedded blocks or links to entries
 * (which only Contentful's own editor keeps), the text as JSON to read, so editing here loses nothing.
 */
export function RichTextField({ common, label, value, onChange }: Props) {
  if (!isEditableDocument(value)) {
    return (
      <>
        <p className="composer-richtext-hint">{say.notEditable}</p>
        <textarea {...common} rows={6} readOnly value={JSON.stringify(value, null, 2)} />
      </>
    );
  }
  return (
    <Suspense fallback={<div className="composer-richtext" id={common.id} aria-busy="true" />}>
      <RichTextControl
        label={label}
        value={value}
        onChange={onChange}
        aria-invalid={common["aria-invalid"]}
        aria-describedby={common["aria-describedby"]}
      />
    </Suspense>
  );
}
