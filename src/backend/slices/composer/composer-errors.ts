import type { FieldErrors } from "./validate-page";

/** A page that fails its content check: nothing is written, and each field says why. */
export class PageInvalidError extends Error {
  constructor(readonly errors: FieldErrors) {
    super("page invalid");
    this.name = "PageInvalidError";
  }
}

/** The editor's role may not do this (a `redacteur` publishing). */
export class EditorForbiddenError extends Error {
  constructor() {
    super("forbidden for this role");
    this.name = "EditorForbiddenError";
  }
}
