import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";

/**
 * The token of a marketing e-mail's unsubscribe link (RFC 8058 one-click, and the link in its footer): the
 * player and the vertical whose e-mail preference it turns off, signed with the session secret, so the
 * link works without logging in and cannot be made for another player. It does not expire: an old e-mail's
 * link must still unsubscribe.
 */

const Payload = z.object({ playerId: z.uuid(), vertical: z.string().min(1).max(40) });
export type UnsubscribeTarget = z.infer<typeof Payload>;

function signature(secret: string, payload: string): string {
  return createHmac("sha256", secret).update(`unsubscribe:${payload}`).digest("base64url");
}

export function signUnsubscribeToken(secret: string, target: UnsubscribeTarget): string {
  const payload = Buffer.from(JSON.stringify(Payload.parse(target))).toString("base64url");
  return `${payload}.${signature(secret, payload)}`;
}

/** The player and vertical of a token whose signature holds; undefined for anything else. */
export function readUnsubscribeToken(secret: string, token: string): UnsubscribeTarget | undefined {
  const [payload = "", signed = "", ...rest] = token.split(".");
  if (rest.length > 0 || !payload) return undefined;
  const expected = Buffer.from(signature(secret, payload));
  const given = Buffer.from(signed);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const parsed = Payload.safeParse(JSON.parse(Buffer.from(payload, "base64url").toString("utf8")));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The path of the unsubscribe page on the shop; the one-click POST goes to the same address. */
export const UNSUBSCRIBE_PATH = "/afmelden";

export function unsubscribeUrl(shopUrl: string, token: string): string {
  return `${shopUrl.replace(/\/$/, "")}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;
}
