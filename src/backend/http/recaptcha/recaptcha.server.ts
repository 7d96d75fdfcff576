import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";

/**
 * reCAPTCHA behind an adapter (DESIGN section 6): Google's siteverify when keys are configured, otherwise
 * a local test widget whose tokens this server signs and verifies, so the flow can be clicked through
 * (and tested) without reaching Google.
 */
export interface RecaptchaVerifier {
  readonly kind: "local" | "google";
  verify(token: string | undefined, remoteIp?: string): Promise<boolean>;
}

const LOCAL_TOKEN_TTL_MS = 2 * 60_000;

export class LocalRecaptcha implements RecaptchaVerifier {
  readonly kind = "local" as const;
  constructor(private readonly secret: string) {}

  /** What the local widget receives when the player ticks "Ik ben geen robot". */
  issueToken(now = Date.now()): string {
    const expires = now + LOCAL_TOKEN_TTL_MS;
    return `local.${expires}.${this.sign(expires)}`;
  }

  async verify(token: string | undefined, _remoteIp?: string, now = Date.now()): Promise<boolean> {
    const [prefix, expires, signature] = (token ?? "").split(".");
    if (prefix !== "local" || !expires || !signature || Number(expires) < now) return false;
    const expected = Buffer.from(this.sign(Number(expires)));
    const actual = Buffer.from(signature);
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  }

  private sign(expires: number): string {
    return createHmac("sha256", this.secret).update(`recaptcha:${expires}`).digest("base64url");
  }
}

const SiteVerifySchema = z.object({ success: z.boolean() });

export class GoogleRecaptcha implements RecaptchaVerifier {
  readonly kind = "google" as const;
  constructor(private readonly secretKey: string) {}

  async verify(token: string | undefined, remoteIp?: string): Promise<boolean> {
    if (!token) return false;
    try {
      const response = await fetch("https://www.google.com/recaptcha/api/siteverify", {
        method: "POST",
        body: new URLSearchParams({
          secret: this.secretKey,
          response: token,
          ...(remoteIp ? { remoteip: remoteIp } : {}),
        }),
        signal: AbortSignal.timeout(5_000),
      });
      const parsed = SiteVerifySchema.safeParse(await response.json());
      return parsed.success && parsed.data.success;
    } catch {
      return false;
    }
  }
}

export function createRecaptcha(config: {
  secretKey?: string;
  sessionSecret: string;
}): RecaptchaVerifier & Partial<Pick<LocalRecaptcha, "issueToken">> {
  return config.secretKey ? new GoogleRecaptcha(config.secretKey) : new LocalRecaptcha(config.sessionSecret);
}
