/**
 * What a player enters before a form is interactive is kept when React takes the form over (issue 40).
 *
 * Until its code has arrived a form is the server's HTML: a player (or a password manager, or the
 * browser restoring a form on Back) can choose and type in it. React's hydration leaves the element's
 * current value in place but starts from the state the server rendered, so the first re-render or a
 * submit through React would reset the field to the server's value, or send it. So once React owns a
 * field, every field whose value differs from the server's is handed to React as the player's input:
 * the same `input`, `click` or `change` event a person would cause, so the form's own `onChange`
 * takes the value into its state, whatever kind of field or form it is.
 *
 * `recordEnteredFields` runs before hydration starts and on every input until then; `adoptEnteredFields`
 * runs after each part of the page has hydrated (the page, then each deferred part and block).
 */

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const NOT_ENTERED = new Set(["hidden", "submit", "button", "reset", "image", "file"]);
/**
 * What each field held when it was last seen changed before React owned it (a textarea's hydration can
 * reset it), with the field's place in its form: where React renders a part anew instead of hydrating
 * it, the new field in the same place takes the player's input over.
 */
const entered = new Map<Field, { place: string; state: string }>();
const adopted = new WeakSet<Field>();
/**
 * The fields of the server's HTML (there when recording started, before hydration): only these can hold
 * input of their own. A field React rendered in the browser takes only what was entered in its place (a
 * controlled select React renders has no `defaultSelected`, so its value would look entered).
 */
const fromServer = new WeakSet<Field>();
let listening = false;
/** One hand-over at a time: each waits for React to render the one before (a form's state follows). */
let handingOver: Promise<unknown> = Promise.resolve();
let fieldsBeingHandedOver = 0;

function fields(root: ParentNode): Field[] {
  return [...root.querySelectorAll<Field>("input, select, textarea")].filter(
    (field) => !(field instanceof HTMLInputElement && NOT_ENTERED.has(field.type)),
  );
}

function isCheckable(field: Field): field is HTMLInputElement {
  return field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio");
}

/** The field's state as a string: "true"/"false" for a checkbox or radio, the value otherwise. */
function stateOf(field: Field): string {
  return isCheckable(field) ? String(field.checked) : field.value;
}

/** The state the server rendered (and React hydrated with). */
function serverStateOf(field: Field): string {
  if (isCheckable(field)) return String(field.defaultChecked);
  if (field instanceof HTMLSelectElement) {
    const options = [...field.options];
    const selected = options.find((option) => option.defaultSelected) ?? options[0];
    return field.multiple ? "" : (selected?.value ?? "");
  }
  return field.defaultValue;
}

function changedByPlayer(field: Field): boolean {
  if (field instanceof HTMLSelectElement && field.multiple) {
    return [...field.options].some((option) => option.selected !== option.defaultSelected);
  }
  return stateOf(field) !== serverStateOf(field);
}

/**
 * The field's place: its scope (the nearest `data-entry-scope`, for controls that live outside a form of
 * their own, such as a basket row's), else its form (by label, name, id or address); its name; and a
 * radio's value. A field rendered anew in the same place is the same question to the player.
 */
export function placeOf(field: Field): string {
  const scope = field.closest<HTMLElement>("[data-entry-scope]")?.dataset.entryScope;
  const form = field.form;
  const formPlace = form
    ? (form.getAttribute("aria-label") ??
      form.getAttribute("name") ??
      (form.id || form.getAttribute("action")) ??
      "")
    : "";
  const name = field.name || field.id;
  const radioValue = field instanceof HTMLInputElement && field.type === "radio" ? field.value : "";
  return `${scope ?? formPlace}|${name}|${radioValue}`;
}

function note(field: Field): void {
  if (adopted.has(field)) return;
  if (isCheckable(field) && field.type === "radio") {
    // Only the chosen radio of a group is the player's input; choosing it unchooses the others.
    if (!field.checked) return;
    for (const [other] of entered) {
      if (
        other !== field &&
        other instanceof HTMLInputElement &&
        other.type === "radio" &&
        other.name === field.name
      )
        entered.delete(other);
    }
  }
  entered.set(field, { place: placeOf(field), state: stateOf(field) });
}

function record(event: Event): void {
  const field = event.target;
  if (
    field instanceof HTMLInputElement ||
    field instanceof HTMLSelectElement ||
    field instanceof HTMLTextAreaElement
  ) {
    if (!(field instanceof HTMLInputElement && NOT_ENTERED.has(field.type))) note(field);
  }
}

/** Notes what the player has entered so far, and from now on every input until React owns the field. */
export function recordEnteredFields(root: Document = document): void {
  for (const field of fields(root)) {
    fromServer.add(field);
    if (changedByPlayer(field)) note(field);
  }
  if (listening) return;
  listening = true;
  root.addEventListener("input", record, true);
  root.addEventListener("change", record, true);
}

/** Once the whole first page is React's, nothing more is recorded: later pages are rendered by React. */
export function stopRecordingEnteredFields(root: Document = document): void {
  root.removeEventListener("input", record, true);
  root.removeEventListener("change", record, true);
  listening = false;
}

/**
 * Whether React has taken the element over. React keeps its own reference on each element it owns
 * (`__reactProps$<random>`); there is no public way to ask, and a field of a part still waiting for its
 * code must not be handed over yet (its events would reach no handler).
 */
function ownedByReact(element: Element): boolean {
  return Object.keys(element).some((key) => key.startsWith("__reactProps$"));
}

/** The value setter of the element's prototype, which React's own value tracking does not see. */
function setUntracked(field: Field, property: "value" | "checked", value: string | boolean): void {
  const prototype = Object.getPrototypeOf(field) as object;
  const setter = Object.getOwnPropertyDescriptor(prototype, property)?.set;
  if (setter) setter.call(field, value);
  else (field as unknown as Record<string, unknown>)[property] = value;
}

function handOver(field: Field, wanted: string): void {
  if (isCheckable(field)) {
    const checked = wanted === "true";
    // A radio is only ever chosen; one left unchosen follows from its group.
    if (field.type === "radio" && !checked) return;
    // Through the element's own setter (which React tracks) to the other state, then a real click: React
    // sees a change and calls onChange with the player's choice.
    field.checked = !checked;
    field.click();
    return;
  }
  if (field instanceof HTMLSelectElement) {
    if (!field.multiple) field.value = wanted;
    field.dispatchEvent(new Event("change", { bubbles: true }));
    return;
  }
  // React tracks the value it last saw: let it see the server's, then the player's arrives as input.
  field.value = field.defaultValue;
  setUntracked(field, "value", wanted);
  field.dispatchEvent(new Event("input", { bubbles: true }));
  field.dispatchEvent(new Event("change", { bubbles: true }));
  // A field the player is no longer in was left: what happens when a player leaves it happens now.
  if (field.ownerDocument.activeElement !== field)
    field.dispatchEvent(new FocusEvent("focusout", { bubbles: true }));
}

/** Whether input is recorded that no field React owns has taken yet, or a hand-over is under way. */
export function inputLeftToAdopt(): boolean {
  return entered.size > 0 || fieldsBeingHandedOver > 0;
}

/** The field React has in `place` now, if it has one. */
function fieldIn(place: string, root: Document): Field | undefined {
  return fields(root).find((field) => ownedByReact(field) && placeOf(field) === place);
}

/** The input recorded for `field`: its own, or that of a field in its place that React replaced. */
function recordedFor(field: Field): string | undefined {
  const own = entered.get(field);
  if (own) return own.state;
  const place = placeOf(field);
  for (const [other, input] of entered) {
    if (!other.isConnected && input.place === place) {
      entered.delete(other);
      return input.state;
    }
  }
  return undefined;
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Hands every field React has taken over since the last call, and that the player changed before (or
 * whose place holds what the player entered in a field React replaced), to its form as the player's
 * input: one field at a time, each after React has rendered the one before. Returns undefined when
 * nothing is (still) being handed over; else a promise of when React has taken the last field.
 */
export function adoptEnteredFields(root: Document = document): Promise<void> | undefined {
  const wantedNow: Array<[Field, string, string]> = [];
  for (const field of fields(root)) {
    if (adopted.has(field) || !ownedByReact(field)) continue;
    const recorded = recordedFor(field);
    adopted.add(field);
    entered.delete(field);
    if (field.disabled) continue;
    let wanted: string | undefined;
    if (fromServer.has(field) && changedByPlayer(field)) wanted = stateOf(field);
    else if (recorded !== undefined && recorded !== stateOf(field)) wanted = recorded;
    if (wanted !== undefined) wantedNow.push([field, wanted, placeOf(field)]);
  }
  if (wantedNow.length === 0 && fieldsBeingHandedOver === 0) return undefined;
  fieldsBeingHandedOver += wantedNow.length;
  const done = handingOver.then(async () => {
    for (const [field, wanted, place] of wantedNow) {
      try {
        // An earlier choice can make React render a field anew (another draw, other rows): the one in
        // its place takes the input, unless the choice no longer asks it.
        const target = field.isConnected ? field : fieldIn(place, root);
        if (target && !target.disabled && (target === field || stateOf(target) !== wanted)) {
          adopted.add(target);
          handOver(target, wanted);
          await nextTask();
        }
      } finally {
        fieldsBeingHandedOver -= 1;
      }
    }
  });
  handingOver = done.catch(() => undefined);
  return done;
}
