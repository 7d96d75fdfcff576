import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import type { Db } from "@/src/backend/db/database.server";
import { editorSessions, editors } from "@/src/backend/db/schema";
import { COMPOSER_PATH } from "@/src/contract/composer";
import { readCookie } from "@/src/lib/cookies";
import { DUMMY_PASSWORD_HASH, verifyPassword } from "@/src/lib/password.server";
import { expiredCookie, type SetCookieOptions, serializeCookie } from "@/src/lib/set-cookie";

/**
 * Editors' sessions (issue 44, decision 26): apart from players' in table and cookie. The cookie holds a
 * random id (the database keeps its hash), is `HttpOnly`, `SameSite=Strict` and scoped to `/redactie`, so
 * the shop's pages and API never receive it. The anti-forgery token is an HMAC of the session id.
 */
export const EDITOR_SESSION_TTL_MS = 12 * 3_600_000;
const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;

export type EditorRow = typeof editors.$inferSelect;

export function editorCookieName(secure: boolean): string {
  return secure ? "__Secure-kl_redactie" : "kl_redactie";
}

export class EditorSessions {
  private readonly cookie: string;

  constructor(
    private readonly db: Db,
    private readonly settings: { secure: boolean; secret: string },
  ) {
    this.cookie = editorCookieName(settings.secure);
  }

  /** The editor whose e-mail and password these are; undefined otherwise (in the same time either way). */
  async verify(email: string, password: string): Promise<EditorRow | undefined> {
    const [editor] = await this.db.select().from(editors).where(eq(editors.email, email)).limit(1);
    const valid = await verifyPassword(password, editor?.passwordHash ?? DUMMY_PASSWORD_HASH);
    return valid ? editor : undefined;
  }

  /** Starts a session; the `Set-Cookie` to send and the session's anti-forgery token. */
  async start(editorId: string): Promise<{ setCookie: string; token: string }> {
    const sessionId = randomBytes(32).toString("base64url");
    await this.db.insert(editorSessions).values({
      idHash: hashId(sessionId),
      editorId,
      expiresAt: new Date(Date.now() + EDITOR_SESSION_TTL_MS),
    });
    const setCookie = serializeCookie(this.cookie, sessionId, this.cookieOptions(EDITOR_SESSION_TTL_MS));
    return { setCookie, token: this.token(sessionId) };
  }

  /** The logged-in editor of a Cookie header and the session's anti-forgery token. */
  async current(cookieHeader: string | undefined): Promise<{ editor: EditorRow; token: string } | undefined> {
    const sessionId = this.sessionId(cookieHeader);
    if (!sessionId) return undefined;
    const [row] = await this.db
      .select({ editor: editors })
      .from(editorSessions)
      .innerJoin(editors, eq(editors.id, editorSessions.editorId))
      .where(and(eq(editorSessions.idHash, hashId(sessionId)), gt(editorSessions.expiresAt, new Date())))
      .limit(1);
    return row && { editor: row.editor, token: this.token(sessionId) };
  }

  verifyToken(cookieHeader: string | undefined, token: string | undefined): boolean {
    const sessionId = this.sessionId(cookieHeader);
    if (!sessionId || !token) return false;
    const expected = Buffer.from(this.token(sessionId));
    const actual = Buffer.from(token);
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  }

  /** Ends the session of the Cookie header; the `Set-Cookie` that drops the cookie. */
  async end(cookieHeader: string | undefined): Promise<string> {
    const sessionId = this.sessionId(cookieHeader);
    if (sessionId) await this.db.delete(editorSessions).where(eq(editorSessions.idHash, hashId(sessionId)));
    return expiredCookie(this.cookie, this.cookieOptions());
  }

  private sessionId(cookieHeader: string | undefined): string | undefined {
    const value = readCookie(cookieHeader, this.cookie);
    return value && SESSION_ID.test(value) ? value : undefined;
  }

  private token(sessionId: string): string {
    return createHmac("sha256", this.settings.secret).update(`redactie:${sessionId}`).digest("base64url");
  }

  private cookieOptions(maxAgeMs?: number): SetCookieOptions {
    return {
      httpOnly: true,
      secure: this.settings.secure,
      sameSite: "Strict",
      path: COMPOSER_PATH,
      maxAgeMs,
    };
  }
}

function hashId(sessionId: string): string {
  return createHash("sha256").update(`editor:${sessionId}`).digest("base64url");
}
