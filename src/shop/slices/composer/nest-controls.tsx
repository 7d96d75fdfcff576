import { createUsePuck } from "@puckeditor/core";
import { composerTexts as say } from "@/src/lib/messages/composer";

const usePuck = createUsePuck();
export const ROOT_ZONE = "root:default-zone";

type Item = { type: string; props: Record<string, unknown> & { id: string } };

/** A zone's items: the page's, or a section's slot (its zone is "<section id>:<slot field>"). */
function zoneItems(state: { appState: { data: { content: unknown[] } } }, zone: string, byId: ById): Item[] {
  if (zone === ROOT_ZONE) return state.appState.data.content as Item[];
  const separator = zone.lastIndexOf(":");
  const list = byId(zone.slice(0, separator))?.props[zone.slice(separator + 1)];
  return Array.isArray(list) ? (list as Item[]) : [];
}
type ById = (id: string) => Item | undefined;

/** The slot field of a block type and the block types it takes, when the type has one (a section). */
function slotOf(
  config: { components: Record<string, { fields?: Record<string, unknown> } | undefined> },
  type: string,
) {
  const entry = Object.entries(config.components[type]?.fields ?? {}).find(
    ([, field]) => (field as { type?: string }).type === "slot",
  );
  if (!entry) return undefined;
  return { field: entry[0], allow: (entry[1] as { allow?: string[] }).allow };
}

/**
 * Keyboard nesting (issue 44: reordering and nesting in sections without dragging): the selected block into
 * the section just above it, at the section's end, or out of its section, just after it. Each move is
 * announced, and the block stays selected.
 */
export function NestControls({ announce }: { announce: (text: string) => void }) {
  const dispatch = usePuck((state) => state.dispatch);
  const selector = usePuck((state) => state.appState.ui.itemSelector);
  const data = usePuck((state) => state.appState.data);
  const config = usePuck((state) => state.config);
  const byId = usePuck((state) => state.getItemById) as ById;
  const selectorOf = usePuck((state) => state.getSelectorForId);
  if (!selector?.zone) return null;
  const source = { index: selector.index, zone: selector.zone };
  const items = zoneItems({ appState: { data } }, source.zone, byId);
  const selected = items[source.index];
  const above = items[source.index - 1];
  const slot = above && slotOf(config, above.type);
  const into =
    selected && above && slot && (!slot.allow || slot.allow.includes(selected.type))
      ? {
          zone: `${above.props.id}:${slot.field}`,
          index: zoneItems({ appState: { data } }, `${above.props.id}:${slot.field}`, byId).length,
        }
      : undefined;
  const parentId = source.zone === ROOT_ZONE ? undefined : source.zone.slice(0, source.zone.lastIndexOf(":"));
  const parent = parentId ? selectorOf(parentId) : undefined;
  const out = parent ? { zone: parent.zone, index: parent.index + 1 } : undefined;
  const move = (destination: { zone: string; index: number }, text: string) => {
    dispatch({
      type: "move",
      sourceIndex: source.index,
      sourceZone: source.zone,
      destinationIndex: destination.index,
      destinationZone: destination.zone,
    });
    dispatch({ type: "setUi", ui: { itemSelector: destination } });
    announce(text);
  };
  const sectionName = above ? (config.components[above.type]?.label ?? above.type) : "";
  return (
    <div className="composer-move">
      <button type="button" disabled={!into} onClick={() => into && move(into, say.movedInto(sectionName))}>
        {say.moveInto}
      </button>
      <button type="button" disabled={!out} onClick={() => out && move(out, say.movedOut)}>
        {say.moveOut}
      </button>
    </div>
  );
}
