/** Moves focus to the first input (in form order) that has an error, so it is read out with its message. */
export function focusFirstError(form: HTMLFormElement, names: readonly string[]): void {
  if (names.length === 0) return;
  const target = Array.from(form.elements).find((element): element is HTMLInputElement => {
    const name = (element as HTMLInputElement).name;
    return Boolean(name) && names.some((wanted) => name === wanted || name.startsWith(`${wanted}.`));
  });
  const radioChecked =
    target?.type === "radio"
      ? form.querySelector<HTMLInputElement>(`input[name="${target.name}"]:checked`)
      : null;
  (radioChecked ?? target)?.focus();
}
