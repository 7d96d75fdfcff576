import { randomBytes } from "node:crypto";
import { z } from "zod";

/**
 * Every setting of the shop comes from the environment and is parsed here once, at start-up.
 * A bad value stops the process with a message that names it (see `ConfigError`).
 */

// Empty values are dropped before parsing (see parseConfig), so "optional" also covers `FOO=`.
const optionalUrl = z.url({ protocol: /^https?$/ }).optional();

const flag = z
  .enum(["true", "false", "1", "0", ""])
  .default("false")
  .transform((value) => value === "true" || value === "1");

/** `host=theme` pairs, comma separated: a request on that host gets the partner's white-label theme. */
const partnerHosts = z
  .string()
  .default(
    "bladwijzer.localhost=bladwijzer,buurtsuper.localhost=buurtsuper,tankstation.localhost=tankstation",
  )
  .transform((value, ctx) => {
    const map: Record<string, string> = {};
    for (const pair of value.split(",").map((part) => part.trim())) {
      if (pair === "") continue;
      const [host, theme] = pair.split("=").map((part) => part?.trim().toLowerCase());
      if (!host || !theme || !/^[a-z0-9.-]+(:\d+)?$/.test(host) || !/^[a-z0-9-]+$/.test(theme)) {
        ctx.addIssue({ code: "custom", message: `expected host=theme pairs, got "${pair}"` });
        return z.NEVER;
      }
      map[host] = theme;
    }
    return map;
  });

/** Comma-separated origins (`https://www.example.nl`), each parsed as a URL. */
const origins = z
  .string()
  .default("")
  .transform((value, ctx) => {
    const list: string[] = [];
    for (const part of value.split(",").map((item) => item.trim())) {
      if (part === "") continue;
      const parsed = z.url({ protocol: /^https?$/ }).safeParse(part);
      if (!parsed.success) {
        ctx.addIssue({
          code: "custom",
          message: `expected origins such as https://www.example.nl, got "${part}"`,
        });
        return z.NEVER;
      }
      list.push(new URL(parsed.data).origin);
    }
    return list;
  });

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    HOST: z.string().min(1).default("0.0.0.0"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /**
     * The Prometheus listener's port (decision 23): a number (`0`: any free port) or `off`. Unset: 9464,
     * or 9465 on the API process (SERVE=api), so the two processes of the production shape can share a host.
     */
    METRICS_PORT: z.union([z.literal("off"), z.coerce.number().int().min(0).max(65535)]).optional(),
    /** Where the metrics listener binds: only this machine unless the operator says otherwise. */
    METRICS_HOST: z.string().min(1).default("127.0.0.1"),
    /**
     * Traces (decision 24): spans are exported by OTLP over HTTP (JSON) to this base address (`/v1/traces`
     * is added) when it is set; trace context and trace ids in the logs are on either way.
     */
    OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl,
    /** The exporter speaks OTLP's JSON over HTTP; asking for another protocol stops start-up. */
    OTEL_EXPORTER_OTLP_PROTOCOL: z.literal("http/json").optional(),
    /** The `service.name` of the spans; default `kroonloterij-webshop`, or `kroonloterij-api` with SERVE=api. */
    OTEL_SERVICE_NAME: z.string().min(1).max(100).optional(),
    /** How long spans wait in the batch before they are sent (ms; OpenTelemetry's name). */
    OTEL_BSP_SCHEDULE_DELAY: z.coerce.number().int().min(10).max(600_000).default(5_000),
    /** `true` turns traces off altogether: no trace context, no trace ids in the logs, nothing exported. */
    OTEL_SDK_DISABLED: z.enum(["true", "false"]).default("false"),
    BASE_URL: z.url({ protocol: /^https?$/ }).default("http://localhost:3000"),
    API_ORIGIN: optionalUrl,
    /** `all`: the whole shop (default); `api`: only the embedded API, portal and payment simulator. */
    SERVE: z.enum(["all", "api"]).default("all"),
    /** Front ends (their origins) the embedded portal may send a player back to after login. */
    SHOP_ORIGINS: origins,
    PORTAL_ORIGIN: optionalUrl,
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    PGLITE_DATA_DIR: z.string().min(1).default("data/pglite"),
    CONTENT_SOURCE: z.enum(["local", "contentful"]).default("local"),
    CONTENT_DIR: z.string().min(1).default("content"),
    CONTENTFUL_SPACE_ID: z.string().optional(),
    CONTENTFUL_ENVIRONMENT: z.string().default("master"),
    CONTENTFUL_DELIVERY_TOKEN: z.string().optional(),
    CONTENTFUL_PREVIEW_TOKEN: z.string().optional(),
    CONTENTFUL_HOST: z.string().optional(),
    CONTENTFUL_WEBHOOK_SECRET: z.string().optional(),
    /**
     * Where the composer (/redactie, issue 44) writes: the local content files (default) or the Contentful
     * space through the Content Management API (decision 27).
     */
    COMPOSER_STORE: z.enum(["local", "contentful"]).default("local"),
    /** A Content Management API token of the space (COMPOSER_STORE=contentful). */
    CONTENTFUL_MANAGEMENT_TOKEN: z.string().optional(),
    /** The CMA host (`api.eu.contentful.com`, or a local CMA server's `http://127.0.0.1:4810`). */
    CONTENTFUL_MANAGEMENT_HOST: z.string().optional(),
    /** The CMA's upload host (`upload.eu.contentful.com`); default Contentful's own. */
    CONTENTFUL_UPLOAD_HOST: z.string().optional(),
    SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    COOKIE_DOMAIN: z
      .string()
      .regex(/^\.?[a-z0-9.-]+$/i, "must be a domain such as .kroonloterij.nl")
      .optional(),
    BRAZE_API_KEY: z.string().optional(),
    BRAZE_SDK_ENDPOINT: z.string().optional(),
    /** The share of page loads whose web vitals and client errors are sent, in percent (`25` or `25%`). */
    TELEMETRY_SAMPLE_RATE: z.preprocess(
      (value) => (typeof value === "string" ? value.replace(/%$/, "").trim() : value),
      z.coerce.number().min(0).max(100).default(100),
    ),
    RECAPTCHA_SITE_KEY: z.string().optional(),
    RECAPTCHA_SECRET_KEY: z.string().optional(),
    PARTNER_HOSTS: partnerHosts,
    TRUST_PROXY: flag,
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    BUILD_POLL_INTERVAL_MS: z.coerce.number().int().min(250).max(3_600_000).default(60_000),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
    /** `on`: this process runs the subscription jobs beside the shop (decision 13); `off`: another does. */
    JOBS: z.enum(["on", "off"]).default("on"),
    /** `on`: the composer at /redactie (issue 44, decision 26); `off`: a public front end without it. */
    COMPOSER: z.enum(["on", "off"]).default("on"),
    /**
     * Where e-mails go (`smtp://user:pass@host:587`, `smtps://...`). Unset: an SMTP server in this process
     * receives them and the mailbox simulator (`/postbus`) shows them (issue 42).
     */
    SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
    /** The sender of every e-mail. */
    MAIL_FROM: z
      .string()
      .regex(
        /^[^<>\r\n]*<[^\s@<>]+@[^\s@<>]+>$|^[^\s@<>]+@[^\s@<>]+$/,
        "must be an address, optionally with a name: Kroonloterij <service@kroonloterij.nl>",
      )
      .default("Kroonloterij <service@kroonloterij.example>"),
    /** Where the contact form's questions go (issue 43 item 2); replies go to each question's sender. */
    CUSTOMER_SERVICE_EMAIL: z.email().default("klantenservice@kroonloterij.example"),
    /** Load tests only: a JSON file that slows the payment simulator (`{"delayMs": 5000}`). */
    PAYMENT_SIMULATOR_FAULTS: z.string().optional(),
  })
  .superRefine((env, ctx) => {
    if (env.SERVE === "api" && env.API_ORIGIN) {
      ctx.addIssue({
        code: "custom",
        path: ["SERVE"],
        message: "SERVE=api runs the embedded API; unset API_ORIGIN",
      });
    }
    if (env.COMPOSER_STORE === "contentful") {
      for (const key of ["CONTENTFUL_SPACE_ID", "CONTENTFUL_MANAGEMENT_TOKEN"] as const) {
        if (!env[key])
          ctx.addIssue({
            code: "custom",
            path: [key],
            message: "is required when COMPOSER_STORE=contentful",
          });
      }
    }
    if (env.CONTENT_SOURCE !== "contentful") return;
    for (const key of ["CONTENTFUL_SPACE_ID", "CONTENTFUL_DELIVERY_TOKEN"] as const) {
      if (!env[key])
        ctx.addIssue({ code: "custom", path: [key], message: "is required when CONTENT_SOURCE=contentful" });
    }
  });

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

export function parseConfig(env: Record<string, string | undefined> = process.env) {
  // Empty strings count as "not set" so that `FOO= npm start` behaves like leaving FOO out.
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ""),
  );
  const result = EnvSchema.safeParse(present);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => `${issue.path.join(".") || "environment"}: ${issue.message}`),
    );
  }
  const raw = result.data;
  const baseUrl = new URL(raw.BASE_URL);
  return {
    env: raw.NODE_ENV,
    host: raw.HOST,
    port: raw.PORT,
    metrics: metricsListener(raw.METRICS_PORT, raw.METRICS_HOST, raw.SERVE),
    tracing: tracingSettings(raw),
    baseUrl: baseUrl.origin,
    secureCookies: baseUrl.protocol === "https:",
    apiOrigin: raw.API_ORIGIN,
    serve: raw.SERVE,
    shopOrigins: raw.SHOP_ORIGINS,
    portalOrigin: raw.PORTAL_ORIGIN,
    databaseUrl: raw.DATABASE_URL,
    pgliteDataDir: raw.PGLITE_DATA_DIR,
    content: {
      source: raw.CONTENT_SOURCE,
      dir: raw.CONTENT_DIR,
      contentful: {
        spaceId: raw.CONTENTFUL_SPACE_ID,
        environment: raw.CONTENTFUL_ENVIRONMENT,
        deliveryToken: raw.CONTENTFUL_DELIVERY_TOKEN,
        previewToken: raw.CONTENTFUL_PREVIEW_TOKEN,
        host: raw.CONTENTFUL_HOST,
        webhookSecret: raw.CONTENTFUL_WEBHOOK_SECRET,
        management: {
          token: raw.CONTENTFUL_MANAGEMENT_TOKEN,
          host: raw.CONTENTFUL_MANAGEMENT_HOST,
          uploadHost: raw.CONTENTFUL_UPLOAD_HOST,
        },
      },
    },
    sessionSecret: raw.SESSION_SECRET ?? randomBytes(32).toString("hex"),
    sessionSecretGenerated: raw.SESSION_SECRET === undefined,
    cookieDomain: raw.COOKIE_DOMAIN,
    braze: { apiKey: raw.BRAZE_API_KEY, sdkEndpoint: raw.BRAZE_SDK_ENDPOINT },
    telemetrySampleRate: raw.TELEMETRY_SAMPLE_RATE,
    recaptcha: { siteKey: raw.RECAPTCHA_SITE_KEY, secretKey: raw.RECAPTCHA_SECRET_KEY },
    partnerHosts: raw.PARTNER_HOSTS,
    trustProxy: raw.TRUST_PROXY,
    logLevel: raw.LOG_LEVEL,
    buildPollIntervalMs: raw.BUILD_POLL_INTERVAL_MS,
    shutdownTimeoutMs: raw.SHUTDOWN_TIMEOUT_MS,
    paymentSimulatorFaultsFile: raw.PAYMENT_SIMULATOR_FAULTS,
    jobs: raw.JOBS === "on",
    composer: { enabled: raw.COMPOSER === "on", store: raw.COMPOSER_STORE },
    mail: { smtpUrl: raw.SMTP_URL, from: raw.MAIL_FROM, customerService: raw.CUSTOMER_SERVICE_EMAIL },
  };
}

/** Where metrics are served (decision 23); undefined when `METRICS_PORT=off`. */
function metricsListener(port: number | "off" | undefined, host: string, serve: "all" | "api") {
  if (port === "off") return undefined;
  return { port: port ?? (serve === "api" ? 9465 : 9464), host };
}

/** Trace context unless disabled; export only to a configured endpoint (decision 24). */
function tracingSettings(raw: {
  OTEL_EXPORTER_OTLP_ENDPOINT?: string;
  OTEL_SERVICE_NAME?: string;
  OTEL_SDK_DISABLED: "true" | "false";
  OTEL_BSP_SCHEDULE_DELAY: number;
  SERVE: "all" | "api";
}) {
  const enabled = raw.OTEL_SDK_DISABLED !== "true";
  const endpoint = raw.OTEL_EXPORTER_OTLP_ENDPOINT;
  return {
    context: enabled,
    export:
      enabled && endpoint
        ? {
            url: `${endpoint.replace(/\/$/, "")}/v1/traces`,
            scheduledDelayMs: raw.OTEL_BSP_SCHEDULE_DELAY,
            serviceName:
              raw.OTEL_SERVICE_NAME ?? (raw.SERVE === "api" ? "kroonloterij-api" : "kroonloterij-webshop"),
          }
        : undefined,
  };
}

export type Config = ReturnType<typeof parseConfig>;
