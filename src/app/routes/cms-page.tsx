import { Link } from "react-router";
import { PageFrame, pageTitle } from "@/src/app/components/page-frame";
import { notFound } from "@/src/app/lib/not-found";
import { navigation, pages } from "@/src/lib/messages";
import type { Route } from "./+types/cms-page";

/**
 * The CMS catch-all (spec section 2). Until the CMS page composer resolves paths to pages, only the
 * home page exists; every other path is the 404 page.
 */
export function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  if (pathname !== "/") notFound(request);
  return { path: pathname };
}

export const meta: Route.MetaFunction = () => [
  { title: pageTitle(pages.home.title) },
  { name: "description", content: pages.home.intro },
];

export default function CmsPage() {
  return (
    <PageFrame title={pages.home.title} intro={pages.home.intro}>
      <nav className="teasers" aria-label={navigation.mainMenu}>
        <Link className="button" to="/loten">
          {navigation.tickets}
        </Link>
        <Link className="button button--secondary" to="/trekkingsuitslag">
          {navigation.results}
        </Link>
      </nav>
    </PageFrame>
  );
}
