const FORMAT = new Intl.DateTimeFormat("nl-NL", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Europe/Amsterdam",
});

/** A moment as Dutch editors read it, in Amsterdam's time. */
export function formatWhen(iso: string): string {
  return FORMAT.format(new Date(iso));
}
