import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import type { Request, Response } from "express";
import type { Db } from "@/src/db/database.server";
import { players, sessions } from "@/src/db/schema";
import { loginCookieName, sessionCookieName } from "@/src/lib/cookie-names";
import { readCookie } from "@/src/lib/cookies";

/**
 * Sessions (spec sections 6, 9; DESIGN section 6). The `HttpOnly` session cookie holds a random id; the
 * database keeps only its hash, and only while a player is logged in, so anonymous visitors cost no row.
 * The page-readable login cookie tells the client a player is logged in. The anti-forgery token is an
 * HMAC of the session id, so checking it needs no database round trip.
 */
export const SESSION_TTL_MS = 30 * 24 * 3_600_000;
const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;

export type SessionPlayer = typeof players.$inferSelect;

type CookieSettings = { secure: boolean; domain?: string; secret: string };

export class SessionManager {
  private readonly sessionCookie: string;
  private readonly loginCookie: string;

  constructor(
    private readonly db: Db,
    private readonly settings: CookieSettings,
  ) {
    this.sessionCookie = sessionCookieName(settings.secure, settings.domain);
    this.loginCookie = loginCookieName(settings.secure);
  }

  /** The session id of the request's cookie, or undefined when it is missing or malformed. */
  readSessionId(req: Request): string | undefined {
    const value = readCookie(req.headers.cookie, this.sessionCookie);
    return value && SESSION_ID.test(value) ? value : undefined;
  }

  /** The request's session id; a new one (and its cookie) when the request has none. */
  ensureSessionId(req: Request, res: Response): string {
    const existing = res.locals.sessionId ?? this.readSessionId(req);
    if (existing) {
      res.locals.sessionId = existing;
      return existing;
    }
    return this.issueSessionId(res);
  }

  antiForgeryToken(sessionId: string): string {
    return createHmac("sha256", this.settings.secret).update(`antiforgery:${sessionId}`).digest("base64url");
  }

  verifyAntiForgeryToken(req: Request, token: string | undefined): boolean {
    const sessionId = this.readSessionId(req);
    if (!sessionId || !token) return false;
    const expected = Buffer.from(this.antiForgeryToken(sessionId));
    const actual = Buffer.from(token);
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  }

  /** The logged-in player of the request, cached on the response for the rest of the request. */
  async currentPlayer(req: Request, res: Response): Promise<SessionPlayer | undefined> {
    if ("player" in res.locals) return res.locals.player;
    const sessionId = this.readSessionId(req);
    const player = sessionId ? await this.playerForSession(sessionId) : undefined;
    res.locals.player = player;
    return player;
  }

  /** The logged-in player for a raw Cookie header (React Router middleware sees Fetch API requests). */
  async playerForCookieHeader(header: string | null | undefined): Promise<SessionPlayer | undefined> {
    const value = readCookie(header ?? undefined, this.sessionCookie);
    return value && SESSION_ID.test(value) ? this.playerForSession(value) : undefined;
  }

  async playerForSession(sessionId: string): Promise<SessionPlayer | undefined> {
    const [row] = await this.db
      .select({ player: players })
      .from(sessions)
      .innerJoin(players, eq(players.id, sessions.playerId))
      .where(and(eq(sessions.idHash, hashId(sessionId)), gt(sessions.expiresAt, new Date())))
      .limit(1);
    return row?.player;
  }

  /** Starts a logged-in session under a new id, so an id known before login is worthless after it. */
  async logIn(req: Request, res: Response, playerId: string): Promise<void> {
    const previous = this.readSessionId(req);
    if (previous) await this.db.delete(sessions).where(eq(sessions.idHash, hashId(previous)));
    const sessionId = this.issueSessionId(res);
    await this.db
      .insert(sessions)
      .values({ idHash: hashId(sessionId), playerId, expiresAt: new Date(Date.now() + SESSION_TTL_MS) });
    res.cookie(this.loginCookie, "1", this.cookieOptions({ httpOnly: false }));
    delete res.locals.player;
  }

  async logOut(req: Request, res: Response): Promise<void> {
    const sessionId = this.readSessionId(req);
    if (sessionId) await this.db.delete(sessions).where(eq(sessions.idHash, hashId(sessionId)));
    this.issueSessionId(res);
    res.clearCookie(this.loginCookie, this.cookieOptions({ httpOnly: false, maxAge: undefined }));
  }

  /** Ends every session of a player (logout elsewhere, password change). */
  async endAllSessions(playerId: string): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.playerId, playerId));
  }

  clearLoginCookie(res: Response): void {
    res.clearCookie(this.loginCookie, this.cookieOptions({ httpOnly: false, maxAge: undefined }));
  }

  hasLoginCookie(req: Request): boolean {
    return readCookie(req.headers.cookie, this.loginCookie) === "1";
  }

  private issueSessionId(res: Response): string {
    const sessionId = randomBytes(32).toString("base64url");
    res.locals.sessionId = sessionId;
    res.cookie(this.sessionCookie, sessionId, this.cookieOptions({ httpOnly: true }));
    return sessionId;
  }

  private cookieOptions(options: { httpOnly: boolean; maxAge?: number }) {
    // `__Host-` cookies may not carry a Domain; the session cookie only gets one when a domain is set.
    return {
      httpOnly: options.httpOnly,
      secure: this.settings.secure,
      sameSite: "lax" as const,
      path: "/",
      domain: this.settings.domain,
      maxAge: "maxAge" in options ? options.maxAge : SESSION_TTL_MS,
    };
  }
}

export function hashId(sessionId: string): string {
  return createHash("sha256").update(sessionId).digest("base64url");
}
