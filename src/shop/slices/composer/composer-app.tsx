import { useEffect, useState } from "react";
import type { EditorSession } from "@/src/contract/composer";
import { composerTexts as say } from "@/src/lib/messages/composer";
import { ApiProblem, composerApi } from "./api";
import { EditorView } from "./editor-view";
import { LoginView } from "./login-view";
import { PageListView } from "./page-list-view";

/** The composer's screens by path: the login, the page list, a page in the editor. */
export function ComposerApp() {
  const [path, setPath] = useState(() => window.location.pathname);
  const [session, setSession] = useState<EditorSession | null | undefined>(undefined);

  useEffect(() => {
    const onPop = () => setPath(window.location.pathname);
    window.addEventListener("popstate", onPop);
    // The login page asks for no session: a visitor there has none to show.
    if (window.location.pathname === "/redactie/inloggen") {
      setSession(null);
      return () => window.removeEventListener("popstate", onPop);
    }
    composerApi.session().then(setSession, (error: unknown) => {
      if (error instanceof ApiProblem && error.status === 401) setSession(null);
      else throw error;
    });
    return () => window.removeEventListener("popstate", onPop);
  }, []);

  const navigate = (to: string) => {
    window.history.pushState(null, "", to);
    setPath(to);
    window.scrollTo(0, 0);
  };

  if (session === undefined) return <p className="composer-loading">Laden...</p>;
  if (session === null || path === "/redactie/inloggen") {
    if (session) {
      navigate("/redactie");
      return null;
    }
    return (
      <LoginView
        onLoggedIn={(fresh) => {
          setSession(fresh);
          navigate("/redactie");
        }}
      />
    );
  }
  const pageId = /^\/redactie\/pagina\/([^/]+)$/.exec(path)?.[1];
  const logOut = async () => {
    await composerApi.logOut().catch(() => undefined);
    setSession(null);
    navigate("/redactie/inloggen");
  };
  return (
    <>
      <header className="composer-header">
        <a
          className="composer-brand"
          href="/redactie"
          onClick={(event) => {
            event.preventDefault();
            navigate("/redactie");
          }}
        >
          Kroonloterij redactie
        </a>
        <span>
          {session.editor.name} ({say.roleNames[session.editor.role]})
        </span>
        <button type="button" onClick={logOut}>
          {say.logOut}
        </button>
      </header>
      {pageId ? (
        <EditorView key={pageId} pageId={decodeURIComponent(pageId)} session={session} navigate={navigate} />
      ) : (
        <PageListView navigate={navigate} />
      )}
    </>
  );
}
