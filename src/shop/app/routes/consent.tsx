import { data, redirect } from "react-router";
import { z } from "zod";
import {
  CONSENT_LEVELS,
  type ConsentLevel,
  consentCookie,
  consentCookieName,
  parseConsentValue,
} from "@/src/domain/consent/consent";
import { CachePolicy } from "@/src/lib/cache-policy";
import { readCookie } from "@/src/lib/cookies";
import { consentSettingsTexts as text } from "@/src/lib/messages";
import { PageFrame, pageMeta } from "@/src/shop/app/components/page-frame";
import { readFormPost, textField } from "@/src/shop/app/lib/form-post.server";
import { requestContext } from "@/src/shop/app/request-context";
import { CONSENT_FIELDS } from "@/src/shop/components/consent/consent-choice";
import { ConsentChoices } from "@/src/shop/components/consent/consent-settings";
import type { Route } from "./+types/consent";

export const meta: Route.MetaFunction = () => [
  ...pageMeta(text.pageTitle),
  { name: "robots", content: "noindex" },
];

const LevelSchema = z.enum(CONSENT_LEVELS);
/** A path on this site to go back to; anything else (another host, `//host`) goes to the home page. */
const BackSchema = z
  .string()
  .max(500)
  .regex(/^\/(?![/\\])[^\s]*$/);

function levelOf(request: Request, secure: boolean): ConsentLevel | undefined {
  const value = readCookie(request.headers.get("Cookie"), consentCookieName(secure));
  return parseConsentValue(value)?.level;
}

/**
 * `/toestemming` (issue 20): the consent choices as a page, for the footer's link and the banner without
 * JavaScript. The server reads the visitor's cookie to show the current choice; a post stores the new one
 * for 365 days on the parent domain and goes back to the page it came from.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  return { current: levelOf(request, ctx.services.config.secureCookies) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  const form = await readFormPost(request);
  const level = LevelSchema.safeParse(textField(form, CONSENT_FIELDS.level));
  if (!level.success) return data({ error: text.chooseOne }, 422);
  const back = BackSchema.safeParse(textField(form, CONSENT_FIELDS.back));
  const { secureCookies: secure, cookieDomain: domain } = ctx.services.config;
  ctx.log.info({ event: "consent_chosen", level: level.data }, "consent chosen without JavaScript");
  return redirect(back.success ? back.data : "/toestemming", {
    status: 303,
    headers: { "Set-Cookie": consentCookie(level.data, { secure, domain }) },
  });
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": CachePolicy.private });

export default function ConsentPage({ loaderData, actionData }: Route.ComponentProps) {
  const { current } = loaderData;
  return (
    <PageFrame title={text.pageTitle} intro={text.dialogIntro}>
      <p role="status">{current ? text.current(text.levels[current].label) : text.noChoiceYet}</p>
      <form method="post" className="card">
        <ConsentChoices current={current} error={actionData?.error} />
        <button type="submit" className="button">
          {text.save}
        </button>
      </form>
    </PageFrame>
  );
}
