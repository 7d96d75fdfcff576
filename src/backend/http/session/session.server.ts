import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, gt, ne } from "drizzle-orm";
import type { Db } from "@/src/backend/db/database.server";
import { players, sessions } from "@/src/backend/db/schema";
import { loginCookieName, sessionCookieName, visitorCookieName } from "@/src/lib/cookie-names";
import { readCookie } from "@/src/lib/cookies";
import { expiredCookie, type SetCookieOptions, serializeCookie } from "@/src/lib/set-cookie";
import type { ApiRequest, ApiResponse } from "../exchange";

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
  private readonly visitorCookie: string;

  constructor(
    private readonly db: Db,
    private readonly settings: CookieSettings,
  ) {
    this.sessionCookie = sessionCookieName(settings.secure, settings.domain);
    this.loginCookie = loginCookieName(settings.secure);
    this.visitorCookie = visitorCookieName(settings.secure, settings.domain);
  }

  /**
   * This browser's visitor key (the hash of its visitor cookie, set when missing): unlike the session id it
   * stays the same across logging in, so a flow's store started before the login is still its own after.
   */
  visitorKey(req: ApiRequest, res: ApiResponse): string {
    let id: string | undefined = res.locals.visitorId ?? readCookie(req.headers.cookie, this.visitorCookie);
    if (!id || !SESSION_ID.test(id)) {
      id = randomBytes(32).toString("base64url");
      res.append(
        "Set-Cookie",
        serializeCookie(this.visitorCookie, id, this.cookieOptions({ httpOnly: true })),
      );
    }
    res.locals.visitorId = id;
    return hashId(`visitor:${id}`);
  }

  /** The session id of the request's cookie, or undefined when it is missing or malformed. */
  readSessionId(req: ApiRequest): string | undefined {
    const value = readCookie(req.headers.cookie, this.sessionCookie);
    return value && SESSION_ID.test(value) ? value : undefined;
  }

  /** The request's session id; a new one (and its cookie) when the request has none. */
  ensureSessionId(req: ApiRequest, res: ApiResponse): string {
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

  verifyAntiForgeryToken(req: ApiRequest, token: string | undefined): boolean {
    const sessionId = this.readSessionId(req);
    if (!sessionId || !token) return false;
    const expected = Buffer.from(this.antiForgeryToken(sessionId));
    const actual = Buffer.from(token);
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  }

  /** The logged-in player of the request, cached on the response for the rest of the request. */
  async currentPlayer(req: ApiRequest, res: ApiResponse): Promise<SessionPlayer | undefined> {
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
  async logIn(req: ApiRequest, res: ApiResponse, playerId: string): Promise<void> {
    const previous = this.readSessionId(req);
    if (previous) await this.db.delete(sessions).where(eq(sessions.idHash, hashId(previous)));
    const sessionId = this.issueSessionId(res);
    await this.db
      .insert(sessions)
      .values({ idHash: hashId(sessionId), playerId, expiresAt: new Date(Date.now() + SESSION_TTL_MS) });
    res.append("Set-Cookie", serializeCookie(this.loginCookie, "1", this.cookieOptions({ httpOnly: false })));
    delete res.locals.player;
  }

  async logOut(req: ApiRequest, res: ApiResponse): Promise<void> {
    const sessionId = this.readSessionId(req);
    if (sessionId) await this.db.delete(sessions).where(eq(sessions.idHash, hashId(sessionId)));
    this.issueSessionId(res);
    this.clearLoginCookie(res);
  }

  /** Ends every session of a player (logout elsewhere, password change). */
  async endAllSessions(playerId: string): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.playerId, playerId));
  }

  /**
   * Ends a player's sessions but the request's own (a new password ends those of whoever knew the old one),
   * in the caller's transaction when it gives one.
   */
  async endOtherSessions(req: ApiRequest, playerId: string, db: Pick<Db, "delete"> = this.db): Promise<void> {
    const current = this.readSessionId(req);
    const others = current
      ? and(eq(sessions.playerId, playerId), ne(sessions.idHash, hashId(current)))
      : eq(sessions.playerId, playerId);
    await db.delete(sessions).where(others);
  }

  clearLoginCookie(res: ApiResponse): void {
    res.append("Set-Cookie", expiredCookie(this.loginCookie, this.cookieOptions({ httpOnly: false })));
  }

  private issueSessionId(res: ApiResponse): string {
    const sessionId = randomBytes(32).toString("base64url");
    res.locals.sessionId = sessionId;
    res.append(
      "Set-Cookie",
      serializeCookie(this.sessionCookie, sessionId, this.cookieOptions({ httpOnly: true })),
    );
    return sessionId;
  }

  private cookieOptions(options: { httpOnly: boolean }): SetCookieOptions {
    // `__Host-` cookies may not carry a Domain; the session cookie only gets one when a domain is set.
    return {
      httpOnly: options.httpOnly,
      secure: this.settings.secure,
      sameSite: "Lax",
      path: "/",
      domain: this.settings.domain,
      maxAgeMs: SESSION_TTL_MS,
    };
  }
}

export function hashId(sessionId: string): string {
  return createHash("sha256").update(sessionId).digest("base64url");
}
