import { useEffect, useState } from "react";
import type { ComposerPage } from "@/src/contract/composer";
import { composerTexts as say } from "@/src/lib/messages/composer";
import { ApiProblem, composerApi } from "./api";
import { formatWhen } from "./format-when";
import { VersionChanges } from "./version-changes";

type Event = {
  id: number;
  action: string;
  editorName: string;
  version?: number;
  at: string;
  hasSnapshot: boolean;
};

/** The page's versions (who did what, when) and restoring one of them as the concept. */
export function HistoryPanel({
  page,
  onRestored,
}: {
  page: ComposerPage;
  onRestored: (page: ComposerPage) => void;
}) {
  const [events, setEvents] = useState<Event[]>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    composerApi.history(page.id).then((answer) => setEvents(answer.events));
  }, [page.id]);
  const restore = async (event: Event) => {
    try {
      onRestored(await composerApi.restore(page.id, event.id, page.version));
    } catch (problem) {
      setError(problem instanceof ApiProblem ? problem.detail : String(problem));
    }
  };
  return (
    <section className="composer-history" aria-label={say.history}>
      <h2>{say.history}</h2>
      {error ? <p role="alert">{error}</p> : null}
      <ol>
        {events?.map((event) => (
          <li key={event.id}>
            {formatWhen(event.at)}: {event.action} {say.by} {event.editorName}
            {event.version ? ` (versie ${event.version})` : ""}
            {event.hasSnapshot ? (
              <VersionChanges
                pageId={page.id}
                eventId={event.id}
                label={event.version ? `versie ${event.version}` : formatWhen(event.at)}
              />
            ) : null}
            {event.hasSnapshot ? (
              <button type="button" onClick={() => void restore(event)}>
                {say.restore}
                <span className="composer-visually-hidden"> ({formatWhen(event.at)})</span>
              </button>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
