import { type FormEvent, useEffect, useState } from "react";
import type { EditorSession } from "@/src/contract/composer";
import { composerTexts as say } from "@/src/lib/messages/composer";
import { ApiProblem, composerApi } from "./api";

export function LoginView({ onLoggedIn }: { onLoggedIn: (session: EditorSession) => void }) {
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    document.title = `${say.loginTitle} | Kroonloterij`;
  }, []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(undefined);
    try {
      onLoggedIn(
        await composerApi.logIn(String(form.get("email") ?? ""), String(form.get("password") ?? "")),
      );
    } catch (problem) {
      setError(problem instanceof ApiProblem ? problem.detail : say.loginFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="composer-login">
      <h1>{say.loginTitle}</h1>
      <form onSubmit={submit} noValidate>
        {error ? (
          <p className="composer-error" role="alert" id="login-fout">
            {error}
          </p>
        ) : null}
        <label htmlFor="login-email">{say.email}</label>
        <input
          id="login-email"
          name="email"
          type="email"
          autoComplete="username"
          required
          aria-describedby={error ? "login-fout" : undefined}
        />
        <label htmlFor="login-password">{say.password}</label>
        <input id="login-password" name="password" type="password" autoComplete="current-password" required />
        <button type="submit" disabled={busy}>
          {say.logIn}
        </button>
      </form>
    </main>
  );
}
