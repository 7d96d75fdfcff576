import { createHmac, timingSafeEqual } from "node:crypto";
import express, { type Request, type Response, type Router } from "express";
import type { Logger } from "pino";
import { z } from "zod";
import { CachePolicy } from "@/src/lib/cache-policy";
import { idinSimulator as text } from "@/src/lib/messages";
import { bodyErrorPages, isForeignPost, pageSender } from "../simulator-http.server";
import type { IdinDecision, IdinStorage, StoredAuthentication } from "./storage.server";
import {
  badRequestPage,
  finishedPage,
  loginPage,
  notFoundPage,
  type Page,
  renderDocument,
  type ShareForm,
  sharePage,
} from "./views.server";

/**
 * The player's side of the simulated bank, mounted at `basePath`:
 * - `GET /:trxid` the login page (any username and password), `POST /:trxid` logs in or cancels;
 * - `GET /:trxid/delen?token=` the page that shares name and date of birth, `POST /:trxid/delen` decides:
 *   share, cancel or fail, then the browser goes back to the shop's return address with `trxid`.
 *
 * Against forged posts (as the payment pages: the unguessable id in the address is the key, and another
 * site's post is refused by its `Origin`), the share form also carries a token that only logging in hands
 * out: an HMAC of the id under the simulator's secret, so a post must come from the page it showed.
 */

const LoginPostSchema = z.object({
  action: z.enum(["login", "cancel"]),
  username: z.string().max(200).optional(),
  password: z.string().max(200).optional(),
});

const SharePostSchema = z.object({
  action: z.enum(["approve", "cancel", "fail"]),
  token: z.string().max(200),
  name: z.string().max(200).default(""),
  birthDate: z.string().max(20).default(""),
});

const BirthDateSchema = z.iso.date();

type IdinSimulatorOptions = {
  storage: IdinStorage;
  logger: Logger;
  now: () => Date;
  pagePath: (transactionId: string) => string;
  /** Signs the share form's token. */
  secret: string;
  /**
   * The shop front ends whose pages forward to these (SHOP_ORIGINS): their posts carry their own origin,
   * not this server's host.
   */
  trustedOrigins?: readonly string[];
};

/** What the page handlers share: the stored authentications, the share page's path and the token check. */
type IdinPages = {
  storage: IdinStorage;
  logger: Logger;
  now: () => Date;
  sharePath: (transactionId: string) => string;
  validToken: (transactionId: string, sent: string) => boolean;
};

export function createIdinSimulatorRouter({
  storage,
  logger,
  now,
  pagePath,
  secret,
  trustedOrigins = [],
}: IdinSimulatorOptions): Router {
  const router = express.Router();
  const sharePath = (transactionId: string) => `${pagePath(transactionId)}/delen`;
  const tokenFor = (transactionId: string) =>
    createHmac("sha256", secret).update(`idin-share:${transactionId}`).digest("base64url");
  const validToken = (transactionId: string, sent: string) => {
    const expected = Buffer.from(tokenFor(transactionId));
    const given = Buffer.from(sent);
    return expected.length === given.length && timingSafeEqual(expected, given);
  };
  const pages: IdinPages = { storage, logger, now, sharePath, validToken };

  router.use((_req, res, next) => {
    res.setHeader("Cache-Control", CachePolicy.noStore);
    next();
  });
  router.post("/{*rest}", (req, res, next) => {
    if (isForeignPost(req, trustedOrigins)) return sendPage(res, 403, badRequestPage());
    next();
  });

  const form = express.urlencoded({ extended: false, limit: "10kb" });

  router.get("/:transactionId", async (req, res) => {
    const authentication = await openAuthentication(pages, req, res);
    if (authentication) sendPage(res, 200, loginPage(authentication, pagePath(authentication.id)));
  });

  router.post("/:transactionId", form, async (req, res) => {
    const authentication = await openAuthentication(pages, req, res);
    if (!authentication) return;
    const post = LoginPostSchema.safeParse(req.body);
    if (!post.success) return sendPage(res, 400, badRequestPage());
    if (post.data.action === "cancel") return decide(pages, res, authentication, { status: "cancelled" });
    const token = tokenFor(authentication.id);
    res.redirect(303, `${sharePath(authentication.id)}?token=${encodeURIComponent(token)}`);
  });

  router.get("/:transactionId/delen", async (req, res) => {
    const authentication = await openAuthentication(pages, req, res);
    if (!authentication) return;
    const token = typeof req.query.token === "string" ? req.query.token : "";
    // Not logged in (or an old link): the bank asks to log in first.
    if (!validToken(authentication.id, token)) return res.redirect(303, pagePath(authentication.id));
    const prefill: ShareForm = {
      name: authentication.name ?? "",
      birthDate: authentication.birthDate ?? "",
      errors: {},
    };
    sendPage(res, 200, sharePage(authentication, prefill, sharePath(authentication.id), token));
  });

  router.post("/:transactionId/delen", form, (req, res) => postShare(pages, req, res));

  router.use(bodyErrors);
  return router;
}

/** The open authentication of the address, or the page that says why there is none. */
async function openAuthentication(
  { storage }: IdinPages,
  req: Request,
  res: Response,
): Promise<StoredAuthentication | undefined> {
  const authentication = await storage.load(String(req.params.transactionId));
  if (!authentication) {
    sendPage(res, 404, notFoundPage());
    return undefined;
  }
  if (authentication.status !== "open") {
    // Double clicks, the back button and replays: nothing changes, the page says how it ended.
    if (req.method === "POST") res.redirect(303, backUrl(authentication));
    else sendPage(res, 200, finishedPage(authentication, backUrl(authentication)));
    return undefined;
  }
  return authentication;
}

async function decide(
  { storage, logger, now }: IdinPages,
  res: Response,
  authentication: StoredAuthentication,
  decision: IdinDecision,
) {
  const log = (res.locals.log as Logger | undefined) ?? logger;
  if (await storage.complete(authentication.id, decision, now())) {
    log.info(
      { transactionId: authentication.id, reference: authentication.reference, status: decision.status },
      "iDIN authentication completed",
    );
  }
  res.redirect(303, backUrl(authentication));
}

/** `POST /:trxid/delen`: share (name and date of birth checked), cancel or fail. */
async function postShare(pages: IdinPages, req: Request, res: Response) {
  const authentication = await openAuthentication(pages, req, res);
  if (!authentication) return;
  const post = SharePostSchema.safeParse(req.body);
  if (!post.success || !pages.validToken(authentication.id, post.data.token)) {
    return sendPage(res, 403, badRequestPage());
  }
  const { action, token } = post.data;
  if (action !== "approve") {
    return decide(pages, res, authentication, { status: action === "cancel" ? "cancelled" : "failed" });
  }
  const name = post.data.name.trim();
  const birthDate = post.data.birthDate.trim();
  const errors: ShareForm["errors"] = {
    ...(name ? {} : { name: text.nameMissing }),
    ...(BirthDateSchema.safeParse(birthDate).success ? {} : { birthDate: text.birthDateInvalid }),
  };
  if (errors.name || errors.birthDate) {
    const again = sharePage(
      authentication,
      { name, birthDate, errors },
      pages.sharePath(authentication.id),
      token,
    );
    return sendPage(res, 422, again);
  }
  return decide(pages, res, authentication, { status: "approved", name, birthDate });
}

/** The shop's return address with the provider's `trxid`, as a bank appends it. */
export function backUrl(authentication: StoredAuthentication): string {
  const separator = authentication.returnUrl.includes("?") ? "&" : "?";
  return `${authentication.returnUrl}${separator}trxid=${encodeURIComponent(authentication.id)}`;
}

const sendPage = pageSender<Page>(renderDocument);

/** A body the form could never have sent (too large, malformed) gets the page, not the shop's error. */
const bodyErrors = bodyErrorPages(sendPage, badRequestPage);
