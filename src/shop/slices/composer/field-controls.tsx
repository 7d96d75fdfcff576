import { createContext, type ReactNode, useContext, useId } from "react";
import type { Catalog, ComposerAsset } from "@/src/contract/composer";
import { composerTexts as say } from "@/src/lib/messages/composer";
import { AssetUpload } from "./asset-upload";
import { RichTextField } from "./rich-text-field";

/**
 * The composer's fields (issue 44): one control per Contentful field type of a block's content model, with
 * its Dutch name as the label, its bounds on the control, and the server's Dutch messages for that field
 * under it (the same zod schemas the shop parses with).
 */
export type ModelField = Catalog["blocks"][number]["fields"][number];

export type FieldContext = {
  errors: Record<string, string[]>;
  catalog: Catalog;
  /** Puts an image just uploaded in the catalogue. */
  addAsset?: (asset: ComposerAsset) => void;
  /** The page being edited (undefined for one not made yet): the path's live check asks for it. */
  pageId?: string;
};
export const ComposerFieldContext = createContext<FieldContext>({
  errors: {},
  catalog: { blocks: [], sectionTypes: [], entries: [], assets: [], themes: [] },
});

type Validation = Record<string, unknown>;
const validation = <T,>(field: ModelField, key: string): T | undefined =>
  (field.validations as Validation[]).find((rule) => key in rule)?.[key] as T | undefined;
const itemValidation = <T,>(field: ModelField, key: string): T | undefined =>
  ((field.items as { validations?: Validation[] } | undefined)?.validations ?? []).find(
    (rule) => key in rule,
  )?.[key] as T | undefined;

type ControlProps = {
  field: ModelField;
  value: unknown;
  onChange: (value: unknown) => void;
  errorKey: string;
  /** The id of a further description of the control (the path's live check). */
  describedBy?: string;
};

export function FieldControl({ field, value, onChange, errorKey, describedBy: extra }: ControlProps) {
  const id = useId();
  const { errors } = useContext(ComposerFieldContext);
  const messages = errors[errorKey] ?? [];
  const max = validation<{ max?: number }>(field, "size")?.max;
  const describedBy = [messages.length > 0 ? `${id}-fout` : "", extra ?? ""].join(" ").trim() || undefined;
  const common = { id, "aria-invalid": messages.length > 0 || undefined, "aria-describedby": describedBy };
  return (
    <div className="composer-field">
      <label htmlFor={id}>
        {field.name}
        {field.required ? " (verplicht)" : ""}
        {max ? ` (max. ${max})` : ""}
      </label>
      <Control field={field} value={value} onChange={onChange} common={common} />
      {messages.length > 0 ? (
        <ul className="composer-field-errors" id={`${id}-fout`}>
          {messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

type Common = { id: string; "aria-invalid"?: boolean; "aria-describedby"?: string };

function Control({
  field,
  value,
  onChange,
  common,
}: Omit<ControlProps, "errorKey" | "describedBy"> & { common: Common }): ReactNode {
  const text = typeof value === "string" ? value : "";
  const allowed = validation<string[]>(field, "in");
  switch (field.type) {
    case "Symbol":
      if (allowed) return <Choice common={common} options={allowed} value={text} onChange={onChange} />;
      return (
        <input {...common} type="text" value={text} onChange={(event) => onChange(event.target.value)} />
      );
    case "Text":
      return (
        <textarea {...common} rows={6} value={text} onChange={(event) => onChange(event.target.value)} />
      );
    case "Integer": {
      const range = validation<{ min?: number; max?: number }>(field, "range");
      return (
        <input
          {...common}
          type="number"
          step={1}
          min={range?.min}
          max={range?.max}
          value={typeof value === "number" ? value : ""}
          onChange={(event) => onChange(event.target.value === "" ? undefined : Number(event.target.value))}
        />
      );
    }
    case "Boolean":
      return (
        <input
          {...common}
          type="checkbox"
          checked={value === true}
          onChange={(event) => onChange(event.target.checked)}
        />
      );
    case "Date":
      return (
        <input
          {...common}
          type="text"
          placeholder="JJJJ-MM-DD of JJJJ-MM-DDTuu:mm"
          value={text}
          onChange={(event) => onChange(event.target.value)}
        />
      );
    case "RichText":
      return <RichTextField common={common} label={field.name} value={value} onChange={onChange} />;
    case "Link":
      return field.linkType === "Asset" ? (
        <AssetControl common={common} value={value} onChange={onChange} />
      ) : (
        <EntryControl
          common={common}
          types={validation<string[]>(field, "linkContentType")}
          value={value}
          onChange={onChange}
        />
      );
    case "Array":
      return field.items?.type === "Link" ? (
        <EntryListControl
          common={common}
          types={itemValidation<string[]>(field, "linkContentType")}
          value={value}
          onChange={onChange}
        />
      ) : (
        <LinesControl common={common} value={value} onChange={onChange} />
      );
    default:
      return <JsonControl common={common} value={value} onChange={onChange} />;
  }
}

function Choice({
  common,
  options,
  value,
  onChange,
}: {
  common: Common;
  options: readonly string[];
  value: string;
  onChange: (value: unknown) => void;
}) {
  return (
    <select {...common} value={value} onChange={(event) => onChange(event.target.value || undefined)}>
      <option value="">(geen keuze)</option>
      {options.map((option) => (
        <option key={option} value={option}>
          {option}
        </option>
      ))}
    </select>
  );
}

type LinkValue = { sys: { type: "Link"; linkType: "Entry" | "Asset"; id: string } };
const linkTo = (linkType: "Entry" | "Asset", id: string): LinkValue => ({
  sys: { type: "Link", linkType, id },
});
const linkIdOf = (value: unknown) => (value as LinkValue | undefined)?.sys?.id ?? "";

type LinkControlProps = {
  common: Common;
  /** The content types a link may point at; any when undefined. */
  types?: string[];
  value: unknown;
  onChange: (value: unknown) => void;
};

/** The catalogue's entries a link field may point at. */
function useLinkableEntries(types: string[] | undefined) {
  const { catalog } = useContext(ComposerFieldContext);
  return catalog.entries.filter((entry) => !types || types.includes(entry.contentType));
}

function entryOptions(entries: ReturnType<typeof useLinkableEntries>) {
  return entries.map((entry) => (
    <option key={entry.id} value={entry.id}>
      {entry.title} ({entry.id})
    </option>
  ));
}

function EntryControl({ common, types, value, onChange }: LinkControlProps) {
  const entries = useLinkableEntries(types);
  return (
    <select
      {...common}
      value={linkIdOf(value)}
      onChange={(event) => onChange(event.target.value ? linkTo("Entry", event.target.value) : undefined)}
    >
      <option value="">(geen)</option>
      {entryOptions(entries)}
    </select>
  );
}

function EntryListControl({ common, types, value, onChange }: LinkControlProps) {
  const chosen = Array.isArray(value) ? value.map(linkIdOf) : [];
  const entries = useLinkableEntries(types);
  return (
    <select
      {...common}
      multiple
      size={Math.min(6, Math.max(2, entries.length))}
      value={chosen}
      onChange={(event) =>
        onChange([...event.target.selectedOptions].map((option) => linkTo("Entry", option.value)))
      }
    >
      {entryOptions(entries)}
    </select>
  );
}

function AssetControl({
  common,
  value,
  onChange,
}: {
  common: Common;
  value: unknown;
  onChange: (value: unknown) => void;
}) {
  const { catalog, addAsset } = useContext(ComposerFieldContext);
  const chosen = catalog.assets.find((asset) => asset.id === linkIdOf(value));
  return (
    <>
      <select
        {...common}
        value={linkIdOf(value)}
        onChange={(event) => onChange(event.target.value ? linkTo("Asset", event.target.value) : undefined)}
      >
        <option value="">(geen afbeelding)</option>
        {catalog.assets.map((asset) => (
          <option key={asset.id} value={asset.id}>
            {asset.title || asset.id}
          </option>
        ))}
      </select>
      {chosen ? (
        <img className="composer-asset-thumb" src={chosen.url} alt={chosen.alt || chosen.title} />
      ) : null}
      <AssetUpload
        onUploaded={(asset) => {
          addAsset?.(asset);
          onChange(linkTo("Asset", asset.id));
        }}
      />
    </>
  );
}

function LinesControl({
  common,
  value,
  onChange,
}: {
  common: Common;
  value: unknown;
  onChange: (value: unknown) => void;
}) {
  const lines = Array.isArray(value) ? value.map(String).join("\n") : "";
  return (
    <textarea
      {...common}
      rows={3}
      value={lines}
      onChange={(event) =>
        onChange(
          event.target.value
            .split("\n")
            .map((line) => line.trim())
            .filter(Boolean),
        )
      }
    />
  );
}

function JsonControl({
  common,
  value,
  onChange,
}: {
  common: Common;
  value: unknown;
  onChange: (value: unknown) => void;
}) {
  return (
    <textarea
      {...common}
      rows={4}
      defaultValue={value === undefined ? "" : JSON.stringify(value, null, 2)}
      onBlur={(event) => {
        try {
          onChange(event.target.value.trim() ? JSON.parse(event.target.value) : undefined);
        } catch {
          // Left as typed; the server's check names the field.
        }
      }}
    />
  );
}

/** The page's own settings (Puck's root fields). */
export const ROOT_FIELDS: ModelField[] = [
  { id: "title", name: say.title, type: "Symbol", required: true, validations: [] },
  { id: "path", name: say.path, type: "Symbol", required: true, validations: [] },
  {
    id: "description",
    name: say.description,
    type: "Symbol",
    required: false,
    validations: [{ size: { max: 200 } }],
  },
  { id: "middleware", name: say.middleware, type: "Symbol", required: false, validations: [] },
  { id: "prerender", name: say.prerender, type: "Boolean", required: false, validations: [] },
];
