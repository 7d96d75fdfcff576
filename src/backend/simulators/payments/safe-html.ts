import { escapeHtml } from "@/src/lib/html";

/** Markup whose interpolations have been escaped; only `html` (or a trusted constant) creates it. */
export class SafeHtml {
  constructor(readonly value: string) {}
}

/** A template tag that escapes every interpolated value unless it is already `SafeHtml`. */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  return new SafeHtml(strings.reduce((out, part, index) => out + toHtml(values[index - 1]) + part));
}

function toHtml(value: unknown): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(toHtml).join("");
  if (value === undefined || value === null || value === false) return "";
  return escapeHtml(String(value));
}
