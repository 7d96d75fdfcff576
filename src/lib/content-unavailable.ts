/**
 * The content source failed and no last good copy exists: try again shortly. Thrown by the storefront's
 * CMS and by what the backend asks of it (a page's offers), so both programs know it (decision 19).
 */
export class ContentUnavailableError extends Error {
  constructor(cause: unknown) {
    super("The content source is unavailable", { cause });
    this.name = "ContentUnavailableError";
  }
}
