/**
 * RFC 9457 problem details, the one error format of every API answer (DESIGN section 6). `code` is one of
 * the codes of spec section 8 where one applies; `errors` is the per-field map for validation problems.
 */
export type ProblemDetails = {
  type: string;
  title: string;
  status: number;
  code?: string;
  detail?: string;
  errors?: Record<string, string[]>;
  instance?: string;
  /**
   * An extension member of a 429 over an endpoint's hard limit: the seconds until a call is counted again
   * (also in `Retry-After`). A RateLimitError without it asks for the reCAPTCHA (spec section 8); with it,
   * the caller waits.
   */
  retryAfterSeconds?: number;
};

const TITLES: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  413: "Content Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Content",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
};

export function problem(status: number, extra: Partial<Omit<ProblemDetails, "status">> = {}): ProblemDetails {
  return { type: "about:blank", title: TITLES[status] ?? "Error", status, ...extra };
}
