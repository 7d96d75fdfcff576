import { HTTPError, TimeoutError } from "ky";
import { ProblemSchema } from "@/src/contract/define";
import {
  general,
  messageForCode,
  playerText,
  portalCodes,
  recaptchaCodes,
  shopCodes,
  statusFallback,
} from "@/src/lib/messages";

export type Backend = "shop" | "portal";

export type ApiErrorInit = {
  /** HTTP status; 0 when no answer arrived (network failure, timeout, abort). */
  status: number;
  code?: string;
  fieldErrors?: Record<string, string[]>;
  /** The Dutch text for the player (spec section 8). */
  message: string;
  /** The spec's own text where it is English ("Bad request"), kept for logs and tests; players read `message`. */
  specMessage?: string;
  aborted?: boolean;
  cause?: unknown;
  /** Overrides what the code says: a RateLimitError over a hard limit asks for waiting, not the widget. */
  recaptchaRequired?: boolean;
};

/**
 * The one error every API call rejects with (spec section 8). Screens read `message` (already Dutch),
 * `fieldErrors` for forms, `recaptchaRequired` to show the reCAPTCHA and `fatal` to hand over to the
 * error page. It carries data only: showing toasts or redirecting is up to the caller.
 */
export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly status: number;
  /** The problem details `code` (a spec section 8 code), or a client-side code such as `InvalidResponse`. */
  readonly code: string | undefined;
  readonly fieldErrors: Record<string, string[]>;
  /** RateLimitError and RecaptchaNotValidError both ask for the reCAPTCHA (spec section 8). */
  readonly recaptchaRequired: boolean;
  /** A status of 500 or more is fatal (spec section 8). */
  readonly fatal: boolean;
  readonly aborted: boolean;
  /** The spec's English text behind `message`, when the spec gives one (section 8's status fallbacks). */
  readonly specMessage: string | undefined;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.specMessage = init.specMessage;
    this.status = init.status;
    this.code = init.code;
    this.fieldErrors = init.fieldErrors ?? {};
    this.recaptchaRequired =
      init.recaptchaRequired ?? (init.code !== undefined && recaptchaCodes.has(init.code));
    this.fatal = init.status >= 500;
    this.aborted = init.aborted ?? false;
  }
}

/** The code the client itself uses for a 2xx answer that does not match the contract. */
export const INVALID_RESPONSE_CODE = "InvalidResponse";

/**
 * The backend's own catalogue first: RateLimitError and RecaptchaNotValidError read differently in the
 * shop and the portal (spec section 8).
 */
function catalogueText(code: string, backend: Backend): string | undefined {
  const catalogue: Readonly<Record<string, string>> = backend === "portal" ? portalCodes : shopCodes;
  return (Object.hasOwn(catalogue, code) ? catalogue[code] : undefined) ?? messageForCode(code);
}

/**
 * Known code -> its text; 401 -> not logged in; an unknown code -> generic (spec: "Unknown codes give the
 * generic message"); no code -> the status fallback (400/403/404), else generic.
 */
export function messageFor(status: number, code: string | undefined, backend: Backend = "shop"): string {
  const known = code ? catalogueText(code, backend) : undefined;
  if (known) return known;
  if (status === 401) return general.notLoggedIn;
  if (code) return general.generic;
  return statusFallback[status] ?? general.generic;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Maps an error answer (ideally RFC 9457 problem details) to an ApiError. Pure, so the catalogue mapping is
 * testable without HTTP. Malformed `code`/`errors` members are ignored rather than trusted. A field error
 * in the spec's English (section 5: "Not a valid ticket number") becomes the catalogue's Dutch, as forms
 * show field errors to players.
 */
export function apiErrorFromProblem(
  status: number,
  body: unknown,
  options: { backend?: Backend; cause?: unknown } = {},
): ApiError {
  const problem = isRecord(body) ? body : {};
  const code = ProblemSchema.shape.code.safeParse(problem.code).data || undefined;
  const fieldErrors = Object.fromEntries(
    Object.entries(ProblemSchema.shape.errors.safeParse(problem.errors).data ?? {}).map(([field, texts]) => [
      field,
      texts.map(playerText),
    ]),
  );
  // Over a hard limit the caller waits: the code's own text would ask for the reCAPTCHA (issue 43).
  const wait =
    code === "RateLimitError"
      ? ProblemSchema.shape.retryAfterSeconds.safeParse(problem.retryAfterSeconds).data
      : undefined;
  return new ApiError({
    status,
    code,
    fieldErrors,
    ...(wait
      ? { message: general.rateLimitWait(Math.ceil(wait / 60)), recaptchaRequired: false }
      : playerMessage(messageFor(status, code, options.backend))),
    cause: options.cause,
  });
}

/** The Dutch a player reads, and the spec's English text when that is what the catalogue gives. */
function playerMessage(text: string): { message: string; specMessage?: string } {
  const message = playerText(text);
  return message === text ? { message } : { message, specMessage: text };
}

export function abortedApiError(cause?: unknown): ApiError {
  return new ApiError({ status: 0, message: general.aborted, aborted: true, cause });
}

export function networkApiError(cause?: unknown): ApiError {
  return new ApiError({ status: 0, message: general.noNetwork, cause });
}

export function invalidResponseError(status: number, cause?: unknown): ApiError {
  return new ApiError({ status, code: INVALID_RESPONSE_CODE, message: general.generic, cause });
}

function errorName(error: unknown): string | undefined {
  return isRecord(error) && typeof error.name === "string" ? error.name : undefined;
}

/** The body of an error answer: JSON when it parses, otherwise nothing (an HTML page from a proxy, say). */
async function readErrorBody(response: Response): Promise<unknown> {
  try {
    const text = await response.text();
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Any failure of a call -> ApiError. Async because the problem details sit in the (unread) body of ky's
 * HTTPError.
 */
export async function toApiError(error: unknown, backend: Backend = "shop"): Promise<ApiError> {
  if (error instanceof ApiError) return error;
  if (error instanceof HTTPError) {
    const body = await readErrorBody(error.response);
    return apiErrorFromProblem(error.response.status, body, { backend, cause: error });
  }
  const name = errorName(error);
  if (name === "AbortError") return abortedApiError(error);
  // ky's own timeout, or an AbortSignal.timeout(): no answer in time, so treated as a connection problem.
  if (error instanceof TimeoutError || name === "TimeoutError") return networkApiError(error);
  // fetch rejects with a TypeError when the request never got an answer ("Failed to fetch", "fetch failed").
  if (error instanceof TypeError) return networkApiError(error);
  return new ApiError({ status: 0, message: general.generic, cause: error });
}
