import type { Request, RequestHandler, Router } from "express";
import { type ZodType, z } from "zod";
import { DIFF_AGAINST } from "@/src/contract/composer-pages";
import type { ComposerService } from "./composer-service.server";
import type { EditorRef } from "./page-events.server";

type RouteTools = {
  handle: (run: (req: Request, editor: EditorRef) => Promise<unknown>) => RequestHandler;
  parse: <T>(schema: ZodType<T>, body: unknown) => T;
};

const PathQuerySchema = z.object({
  pad: z.string().max(300),
  pagina: z.string().max(80).optional(),
});
const DiffQuerySchema = z.object({ met: z.enum(DIFF_AGAINST).default("vorige") });
const EventParamSchema = z.object({ id: z.string().max(80), event: z.coerce.number().int().min(1) });

/**
 * The composer's routes about a page's address and versions (issue 44): `GET /paden?pad=&pagina=` (is the
 * path free for this page) and `GET /paginas/:id/geschiedenis/:event/verschil?met=vorige|concept`.
 */
export function pageAddressRoutes(api: Router, service: ComposerService, { handle, parse }: RouteTools) {
  api.get(
    "/paden",
    handle(async (req) => {
      const query = parse(PathQuerySchema, req.query);
      return service.checkPath(query.pagina || undefined, query.pad);
    }),
  );
  api.get(
    "/paginas/:id/geschiedenis/:event/verschil",
    handle(async (req) => {
      const params = parse(EventParamSchema, req.params);
      return service.versionChanges(params.id, params.event, parse(DiffQuerySchema, req.query).met);
    }),
  );
}
