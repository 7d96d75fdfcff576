import {
  type ComponentConfig,
  type Config,
  type CustomField,
  createUsePuck,
  type Fields,
} from "@puckeditor/core";
import type { Catalog } from "@/src/contract/composer";
import { composerTexts as say } from "@/src/lib/messages/composer";
import { FieldControl, type ModelField, ROOT_FIELDS } from "./field-controls";
import { PathField } from "./path-field";

/**
 * Puck's configuration made from the shop's block registry (issue 44): a component per block type, its
 * fields from the block's content model, a slot where a block holds nested blocks (a section). The canvas
 * shows each block's name and what an editor recognises it by; the shop's own rendering is the preview.
 */
const usePuck = createUsePuck();

function SelectedFieldControl(props: {
  field: ModelField;
  value: unknown;
  onChange: (value: unknown) => void;
}) {
  const selectedId = usePuck((state) => state.selectedItem?.props.id as string | undefined);
  return <FieldControl {...props} errorKey={selectedId ? `blocks.${selectedId}.${props.field.id}` : ""} />;
}

function customField(field: ModelField, root: boolean): CustomField<unknown> {
  return {
    type: "custom",
    label: field.name,
    render: ({ value, onChange }) =>
      root && field.id === "path" ? (
        <PathField field={field} value={value} onChange={onChange} />
      ) : root ? (
        <FieldControl field={field} value={value} onChange={onChange} errorKey={`settings.${field.id}`} />
      ) : (
        <SelectedFieldControl field={field} value={value} onChange={onChange} />
      ),
  };
}

/** What an editor recognises a block by on the canvas: its first text field. */
function summaryOf(props: Record<string, unknown>, fields: readonly ModelField[]): string {
  for (const field of fields) {
    const value = props[field.id];
    if ((field.type === "Symbol" || field.type === "Text") && typeof value === "string" && value.trim()) {
      return value.length > 120 ? `${value.slice(0, 117)}...` : value;
    }
  }
  return "";
}

function blockComponent(block: Catalog["blocks"][number], catalog: Catalog): ComponentConfig {
  const fields: Fields = {};
  for (const field of block.fields) {
    if (field.id === block.childrenField) {
      fields[field.id] = { type: "slot", allow: [...catalog.sectionTypes] };
    } else {
      fields[field.id] = customField(field, false);
    }
  }
  return {
    label: block.name,
    fields,
    render: (props: Record<string, unknown>) => {
      const Slot = block.childrenField
        ? (props[block.childrenField] as (() => React.ReactNode) | undefined)
        : undefined;
      const summary = summaryOf(props, block.fields);
      return (
        <section className={`composer-block${block.functional ? " composer-block-functional" : ""}`}>
          <p className="composer-block-name">
            {block.name}
            {block.functional ? " (functioneel blok)" : ""}
          </p>
          {summary ? <p className="composer-block-summary">{summary}</p> : null}
          {Slot ? <Slot /> : null}
        </section>
      );
    },
  };
}

export function puckConfig(catalog: Catalog): Config {
  const components = Object.fromEntries(
    catalog.blocks.map((block) => [block.type, blockComponent(block, catalog)]),
  );
  const rootFields: Fields = Object.fromEntries(
    ROOT_FIELDS.map((field) => [field.id, customField(field, true)]),
  );
  rootFields.theme = customField(
    {
      id: "theme",
      name: say.layout,
      type: "Symbol",
      required: false,
      validations: [{ in: [...catalog.themes] }],
    },
    true,
  );
  return {
    components,
    categories: {
      inhoud: {
        title: "Inhoud",
        components: catalog.blocks.filter((block) => !block.functional).map((block) => block.type),
      },
      functioneel: {
        title: "Functioneel",
        components: catalog.blocks.filter((block) => block.functional).map((block) => block.type),
      },
    },
    root: {
      fields: rootFields,
      render: ({ children }: { children: React.ReactNode }) => (
        <div className="composer-canvas">{children}</div>
      ),
    },
  };
}
