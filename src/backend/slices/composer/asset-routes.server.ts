import express, { type NextFunction, type Request, type Response, type Router } from "express";
import { sendProblem } from "@/src/backend/http/send-problem";
import { AssetUploadQuerySchema, COMPOSER_ASSET_UPLOAD_PATH } from "@/src/contract/composer";
import { problem } from "@/src/contract/problem";
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_MB } from "@/src/domain/composer/image-upload";
import { composerTexts } from "@/src/lib/messages/composer";
import { composerAssetTexts as say } from "@/src/lib/messages/composer-assets";
import { UploadRefusedError } from "./asset-service.server";
import type { ComposerService } from "./composer-service.server";

/**
 * `POST /redactie/api/afbeeldingen` (issue 44): an editor's image upload, mounted behind the API's
 * `requireEditor` (session and anti-forgery token) like every write. The body is the file's raw bytes:
 * a browser sends a `File` as a fetch body as it is, with no new dependency on either side (multipart
 * needs a parser; base64 in JSON makes every image a third larger). The Content-Type it comes with is not
 * read: the bytes say what the file is. The alternative text, title and file name ride in the query
 * (`alt`, `titel`, `bestandsnaam`), URL-encoded. The body parser stops at the size limit (413).
 */
export function assetRoutes(api: Router, service: Pick<ComposerService, "uploadAsset">): void {
  api.post(
    COMPOSER_ASSET_UPLOAD_PATH,
    express.raw({ type: () => true, limit: MAX_UPLOAD_BYTES }),
    async (req: Request, res: Response, next: NextFunction) => {
      try {
        const query = AssetUploadQuerySchema.safeParse(req.query);
        if (!query.success) return sendProblem(res, problem(400, { detail: composerTexts.badRequest }));
        const bytes = Buffer.isBuffer(req.body) ? new Uint8Array(req.body) : new Uint8Array(0);
        const asset = await service.uploadAsset({
          bytes,
          alt: query.data.alt,
          title: query.data.titel,
          fileName: query.data.bestandsnaam,
        });
        res.status(201).json(asset);
      } catch (error) {
        next(error);
      }
    },
    uploadErrors,
  );
}

function uploadErrors(error: unknown, _req: Request, res: Response, next: NextFunction) {
  if (res.headersSent) return next(error);
  if (error instanceof UploadRefusedError) {
    const detail = error.status === 413 ? say.tooLarge(MAX_UPLOAD_MB) : say.notSaved;
    return sendProblem(res, problem(error.status, { detail, errors: error.errors }));
  }
  const type = (error as { type?: string }).type;
  if (type === "entity.too.large") {
    const detail = say.tooLarge(MAX_UPLOAD_MB);
    return sendProblem(res, problem(413, { detail, errors: { file: [detail] } }));
  }
  if (type === "request.aborted" || type === "request.size.invalid" || type === "encoding.unsupported")
    return sendProblem(res, problem(400, { detail: composerTexts.badRequest }));
  return next(error);
}
