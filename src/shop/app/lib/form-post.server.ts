import { data } from "react-router";

/**
 * The largest form a page action reads. The shop's forms send a few hundred bytes (a basket of 100
 * tickets in the checkout's hidden field stays under 4 KB); the HTTP layer sets no limit for pages.
 */
export const MAX_FORM_BYTES = 16 * 1024;

const FORM_TYPE = "application/x-www-form-urlencoded";

/**
 * The fields of a page's form post (progressive enhancement, DESIGN section 8: every form posts and works
 * without JavaScript). Only what a browser sends for a plain `<form method="post">` is read, and at most
 * `MAX_FORM_BYTES`: anything else is 415 or 413, before the action looks at a field. Cross-site posts
 * never get here: React Router refuses an action whose `Origin` is not the page's, and the session and
 * basket cookies are `SameSite=Lax`, so another site's form arrives without them.
 */
export async function readFormPost(request: Request): Promise<URLSearchParams> {
  if (contentType(request) !== FORM_TYPE) throw data(null, { status: 415 });
  return new URLSearchParams((await readBody(request)).toString("utf8"));
}

const MULTIPART_TYPE = "multipart/form-data";

/**
 * As `readFormPost`, and also `multipart/form-data` (its text fields; files are dropped), which RFC 8058 asks
 * mail providers to send a one-click unsubscribe as. Only the unsubscribe page reads posts this way.
 */
export async function readFormOrMultipartPost(request: Request): Promise<URLSearchParams> {
  if (contentType(request) !== MULTIPART_TYPE) return readFormPost(request);
  const body = await readBody(request);
  const headers = { "content-type": request.headers.get("content-type") ?? MULTIPART_TYPE };
  try {
    const form = await new Request(request.url, {
      method: "POST",
      headers,
      body: new Uint8Array(body),
    }).formData();
    return new URLSearchParams(
      [...form.entries()].flatMap(([name, value]) => (typeof value === "string" ? [[name, value]] : [])),
    );
  } catch {
    throw data(null, { status: 400 });
  }
}

function contentType(request: Request): string | undefined {
  return request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
}

/** The body, at most `MAX_FORM_BYTES` (413 past it). */
async function readBody(request: Request): Promise<Buffer> {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > MAX_FORM_BYTES) throw data(null, { status: 413 });
  const body = await readLimited(request, MAX_FORM_BYTES);
  if (body === undefined) throw data(null, { status: 413 });
  return body;
}

/** The body, or undefined once it passes `limit` bytes (a chunked body declares no length). */
async function readLimited(request: Request, limit: number): Promise<Buffer | undefined> {
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** A text field as sent, trimmed; undefined when missing or empty. */
export function textField(form: URLSearchParams, name: string): string | undefined {
  const value = form.get(name)?.trim();
  return value ? value : undefined;
}
