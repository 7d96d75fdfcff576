import { desc, eq } from "drizzle-orm";
import express, { type Response, type Router } from "express";
import { z } from "zod";
import type { Db } from "@/src/backend/db/database.server";
import { mailboxMessages } from "@/src/backend/db/schema";
import { renderEmail } from "@/src/backend/emails/render.server";
import { EMAIL_SAMPLES } from "@/src/backend/emails/samples";
import { EMAIL_KIND_NAMES, type EmailMessage, isEmailKind, isMarketing } from "@/src/domain/emails/kinds";
import { CachePolicy } from "@/src/lib/cache-policy";
import { type PageSender, pageSender } from "../simulator-http.server";
import {
  FRAMED_EMAIL_CSP,
  framedEmailHtml,
  listPage,
  messagePageOf,
  notFoundPage,
  type Page,
  previewsPage,
  renderDocument,
} from "./views.server";

/** Where the mailbox simulator's pages are, beside the payment and iDIN simulators. */
export const MAILBOX_PATH = "/postbus";

/** The newest messages the list shows. */
const LIST_LIMIT = 300;

const ListQuery = z.object({ aan: z.string().trim().toLowerCase().max(254).optional().catch(undefined) });
const MessageId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/**
 * The mailbox simulator (issue 42): what the embedded SMTP server received, as a person reads it.
 * - `GET /postbus` every message by recipient, newest first (`?aan=` one recipient);
 * - `GET /postbus/:id` one message: headers, text part, and its HTML in a sandboxed frame
 *   (`/postbus/:id/html`), whose links open the shop;
 * - `GET /postbus/voorbeelden` and `/postbus/voorbeelden/:kind`: every kind of e-mail rendered with
 *   realistic sample data (`npm run emails:preview` writes the same to files).
 */
export function createMailboxRoutes(options: { db: Db; shopUrl: string; from: string }): Router {
  const router = express.Router();
  const send = pageSender<Page>(renderDocument);
  listPages(router, options.db, send);
  previewPages(router, options, send);
  messagePages(router, options.db, send);
  return router;
}

type Send = PageSender<Page>;
const noStore = (res: Response) => res.set("Cache-Control", CachePolicy.noStore);

/** `GET /postbus`: every message by recipient, newest first (`?aan=` one recipient). */
function listPages(router: Router, db: Db, send: Send) {
  router.get(MAILBOX_PATH, async (req, res) => {
    const { aan } = ListQuery.parse(req.query);
    const rows = await db
      .select({
        id: mailboxMessages.id,
        recipient: mailboxMessages.recipient,
        subject: mailboxMessages.subject,
        receivedAt: mailboxMessages.receivedAt,
      })
      .from(mailboxMessages)
      .where(aan ? eq(mailboxMessages.recipient, aan) : undefined)
      .orderBy(desc(mailboxMessages.receivedAt), desc(mailboxMessages.id))
      .limit(LIST_LIMIT);
    noStore(res);
    send(res, 200, listPage(MAILBOX_PATH, rows, aan ?? ""));
  });
}

/** `GET /postbus/voorbeelden[/:kind[/html]]`: every kind rendered with its sample data. */
function previewPages(router: Router, options: { shopUrl: string; from: string }, send: Send) {
  const sample = (kind: string): EmailMessage | undefined =>
    isEmailKind(kind) ? ({ kind, data: EMAIL_SAMPLES[kind] } as EmailMessage) : undefined;
  const renderSample = (message: EmailMessage) =>
    renderEmail(message, {
      shopUrl: options.shopUrl,
      unsubscribeUrl: isMarketing(message.kind) ? `${options.shopUrl}/afmelden?token=voorbeeld` : undefined,
    });

  router.get(`${MAILBOX_PATH}/voorbeelden`, (_req, res) => {
    noStore(res);
    send(res, 200, previewsPage(MAILBOX_PATH, EMAIL_KIND_NAMES));
  });

  router.get(`${MAILBOX_PATH}/voorbeelden/:kind`, async (req, res) => {
    const message = sample(req.params.kind);
    noStore(res);
    if (!message) return send(res, 404, notFoundPage());
    const rendered = await renderSample(message);
    send(
      res,
      200,
      messagePageOf(
        {
          subject: rendered.subject,
          from: options.from,
          to: "speler@voorbeeld.example",
          hasHtml: true,
          text: rendered.text,
          headers: [],
        },
        `${MAILBOX_PATH}/voorbeelden/${message.kind}/html`,
        `${MAILBOX_PATH}/voorbeelden`,
      ),
    );
  });

  router.get(`${MAILBOX_PATH}/voorbeelden/:kind/html`, async (req, res) => {
    const message = sample(req.params.kind);
    if (!message) return res.status(404).end();
    sendFramed(res, (await renderSample(message)).html);
  });
}

/** `GET /postbus/:id[/html]`: one message, and its HTML for the frame. */
function messagePages(router: Router, db: Db, send: Send) {
  const findMessage = async (raw: string) => {
    const id = MessageId.safeParse(raw);
    if (!id.success) return undefined;
    const [row] = await db.select().from(mailboxMessages).where(eq(mailboxMessages.id, id.data));
    return row;
  };

  router.get(`${MAILBOX_PATH}/:id`, async (req, res) => {
    const row = await findMessage(req.params.id);
    noStore(res);
    if (!row) return send(res, 404, notFoundPage());
    const header = (name: string) => row.headers.find(([key]) => key.toLowerCase() === name)?.[1];
    send(
      res,
      200,
      messagePageOf(
        {
          subject: row.subject,
          from: header("from") ?? row.sender,
          to: header("to") ?? row.recipient,
          receivedAt: row.receivedAt,
          hasHtml: row.html !== null,
          text: row.text,
          headers: row.headers,
        },
        `${MAILBOX_PATH}/${row.id}/html`,
        `${MAILBOX_PATH}?aan=${encodeURIComponent(row.recipient)}`,
      ),
    );
  });

  router.get(`${MAILBOX_PATH}/:id/html`, async (req, res) => {
    const row = await findMessage(req.params.id);
    if (!row?.html) return res.status(404).set("Cache-Control", CachePolicy.noStore).end();
    sendFramed(res, row.html);
  });
}

/** The e-mail's HTML for the frame, under its own strict policy. */
function sendFramed(res: Response, emailHtml: string) {
  res
    .status(200)
    .set({
      "Content-Security-Policy": FRAMED_EMAIL_CSP,
      "Cache-Control": CachePolicy.noStore,
      "Referrer-Policy": "no-referrer",
    })
    .type("html")
    .send(framedEmailHtml(emailHtml));
}
