import { errorPage, navigation } from "@/src/lib/messages/core";

type ErrorPageProps = {
  status: number;
  /** Shown under the title; only ever a text meant for players, such as `Page Not Found: /pad`. */
  detail?: string;
  /** The configured base address (spec section 2); links go under it. */
  baseUrl: string;
};

/** The one error page of the shop (spec section 2). It never shows stack traces or internal messages. */
export function ErrorPage({ status, detail, baseUrl }: ErrorPageProps) {
  const notFound = status === 404;
  const base = baseUrl.replace(/\/$/, "");
  return (
    <section className="error-page" aria-labelledby="error-title">
      <img
        className="error-page__image"
        src="/images/error-woman.svg"
        alt={errorPage.imageAlt}
        width="320"
        height="320"
      />
      <div className="error-page__body">
        <h1 id="error-title">{notFound ? errorPage.notFoundTitle : errorPage.errorTitle}</h1>
        <p>{notFound ? errorPage.notFoundText : errorPage.errorText}</p>
        {/* The spec's texts here are English (`Page Not Found: /pad`): marked, so a screen reader reads them so. */}
        {detail ? (
          <p className="error-page__detail" lang="en">
            {detail}
          </p>
        ) : null}
        <a className="button" href={`${base}/`}>
          {errorPage.homeButton}
        </a>
        <h2 className="error-page__links-heading">{errorPage.linksHeading}</h2>
        <ul className="error-page__links">
          <li>
            <a href={`${base}/trekkingsuitslag`}>{navigation.results}</a>
          </li>
          <li>
            <a href={`${base}/loten`}>{navigation.tickets}</a>
          </li>
          <li>
            <a href={`${base}/mijn`}>{navigation.account}</a>
          </li>
        </ul>
      </div>
    </section>
  );
}
