/**
 * What a handler of the embedded API reads of the request it answers and writes to its answer. Express's
 * Request and Response fit these shapes, and so does a call made in-process by the shop's own pages
 * (`in-process-client.server.ts`), which has no HTTP request at all.
 */
export type ApiRequest = {
  readonly headers: { readonly cookie?: string | undefined };
  readonly ip: string | undefined;
  get(name: string): string | undefined;
};

export type ApiResponse = {
  // biome-ignore lint/suspicious/noExplicitAny: Express types its locals this way; a narrower type would not fit it.
  readonly locals: Record<string, any>;
  setHeader(name: string, value: string | number | readonly string[]): unknown;
  append(name: string, value: string | string[]): unknown;
};
