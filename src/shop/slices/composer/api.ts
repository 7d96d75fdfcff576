import type { z } from "zod";
import {
  CatalogSchema,
  COMPOSER_API,
  COMPOSER_ASSET_UPLOAD_PATH,
  COMPOSER_TOKEN_HEADER,
  ComposerAssetSchema,
  ComposerPageSchema,
  ConceptPreviewSchema,
  EditorSessionSchema,
  HistorySchema,
  type PageDocument,
  PageListSchema,
} from "@/src/contract/composer";
import { PageDiffSchema, PathCheckSchema } from "@/src/contract/composer-pages";
import { ProblemSchema } from "@/src/contract/define";

/**
 * The composer's calls of its API (issue 44): each answer parsed with the contract; a problem becomes an
 * `ApiProblem` carrying its Dutch `detail` and per-field `errors`.
 */
export class ApiProblem extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly errors: Record<string, string[]> = {},
  ) {
    super(detail);
  }
}

let token = "";

async function call<T>(schema: z.ZodType<T>, method: string, path: string, body?: unknown): Promise<T> {
  // A file goes as its raw bytes (the upload endpoint reads them); anything else as JSON.
  const file = body instanceof Blob;
  const response = await fetch(`${COMPOSER_API}${path}`, {
    method,
    credentials: "same-origin",
    headers: {
      accept: "application/json",
      ...(body === undefined
        ? {}
        : { "content-type": file ? "application/octet-stream" : "application/json" }),
      ...(method === "GET" ? {} : { [COMPOSER_TOKEN_HEADER]: token }),
    },
    body: body === undefined ? undefined : file ? body : JSON.stringify(body),
  });
  if (response.status === 204) return undefined as T;
  const json: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const problem = ProblemSchema.safeParse(json);
    const detail = problem.success ? (problem.data.detail ?? problem.data.title) : `HTTP ${response.status}`;
    const errors = (json as { errors?: Record<string, string[]> } | undefined)?.errors;
    throw new ApiProblem(response.status, detail, errors ?? {});
  }
  return schema.parse(json);
}

export const composerApi = {
  async session() {
    const session = await call(EditorSessionSchema, "GET", "/sessie");
    token = session.token;
    return session;
  },
  async logIn(email: string, password: string) {
    const session = await call(EditorSessionSchema, "POST", "/sessie", { email, password });
    token = session.token;
    return session;
  },
  logOut: () => call(EditorSessionSchema.optional(), "DELETE", "/sessie"),
  catalog: () => call(CatalogSchema, "GET", "/catalogus"),
  uploadImage: (file: File, alt: string) =>
    call(
      ComposerAssetSchema,
      "POST",
      `${COMPOSER_ASSET_UPLOAD_PATH}?${new URLSearchParams({ alt, bestandsnaam: file.name })}`,
      file,
    ),
  listPages: (query: string) =>
    call(PageListSchema, "GET", `/paginas?q=${encodeURIComponent(query)}`).then((answer) => answer.pages),
  page: (id: string) => call(ComposerPageSchema, "GET", `/paginas/${encodeURIComponent(id)}`),
  create: (document: PageDocument) => call(ComposerPageSchema, "POST", "/paginas", { document }),
  save: (id: string, version: number, document: PageDocument, autosave = false) =>
    call(ComposerPageSchema, "PUT", `/paginas/${encodeURIComponent(id)}`, { version, document, autosave }),
  /** The concept as typed, unsaved, for the shop's preview: the address that shows it. */
  previewConcept: (id: string, document: PageDocument) =>
    call(ConceptPreviewSchema, "POST", `/paginas/${encodeURIComponent(id)}/voorbeeld`, { document }),
  step: (id: string, step: "review" | "publiceren" | "offline", version: number) =>
    call(ComposerPageSchema, "POST", `/paginas/${encodeURIComponent(id)}/${step}`, { version }),
  schedule: (id: string, version: number, at: string) =>
    call(ComposerPageSchema, "POST", `/paginas/${encodeURIComponent(id)}/plannen`, { version, at }),
  checkPath: (path: string, pageId: string | undefined) =>
    call(
      PathCheckSchema,
      "GET",
      `/paden?pad=${encodeURIComponent(path)}${pageId ? `&pagina=${encodeURIComponent(pageId)}` : ""}`,
    ),
  changes: (id: string, eventId: number) =>
    call(PageDiffSchema, "GET", `/paginas/${encodeURIComponent(id)}/geschiedenis/${eventId}/verschil`),
  history: (id: string) => call(HistorySchema, "GET", `/paginas/${encodeURIComponent(id)}/geschiedenis`),
  restore: (id: string, eventId: number, version: number) =>
    call(
      ComposerPageSchema,
      "POST",
      `/paginas/${encodeURIComponent(id)}/geschiedenis/${eventId}/terugzetten`,
      {
        version,
      },
    ),
};
