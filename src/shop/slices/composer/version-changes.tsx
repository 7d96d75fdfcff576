import { useId, useState } from "react";
import type { PageDiff } from "@/src/contract/composer-pages";
import { composerPageTexts as say } from "@/src/lib/messages/composer-pages";
import { ApiProblem, composerApi } from "./api";
import { changeText } from "./page-changes";

/**
 * A version's "Bekijk wijzigingen" toggle (issue 44: a readable diff): what it changed since the version
 * before it, fetched when first opened, as a list under the button that controls it.
 */
export function VersionChanges({
  pageId,
  eventId,
  label,
}: {
  pageId: string;
  eventId: number;
  label: string;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [diff, setDiff] = useState<PageDiff>();
  const [error, setError] = useState<string>();
  const toggle = () => {
    setOpen(!open);
    if (open || diff) return;
    composerApi
      .changes(pageId, eventId)
      .then(setDiff)
      .catch((problem: unknown) =>
        setError(problem instanceof ApiProblem ? problem.detail : String(problem)),
      );
  };
  return (
    <>
      <button type="button" aria-expanded={open} aria-controls={id} onClick={toggle}>
        {open ? say.hideChanges : say.showChanges}
        <span className="composer-visually-hidden"> ({label})</span>
      </button>
      <div id={id} hidden={!open}>
        {open ? <ChangeList diff={diff} error={error} label={label} /> : null}
      </div>
    </>
  );
}

function ChangeList({ diff, error, label }: { diff?: PageDiff; error?: string; label: string }) {
  if (error) return <p role="alert">{error}</p>;
  if (!diff) return <p>{say.changesLoading}</p>;
  if (diff.firstVersion) return <p>{say.firstVersion}</p>;
  if (diff.changes.length === 0) return <p>{say.noChanges}</p>;
  return (
    <ul className="composer-changes" aria-label={say.changesOf(label)}>
      {diff.changes.map((change) => (
        <li
          key={`${change.kind} ${"blockId" in change ? change.blockId : ""} ${"field" in change ? change.field : ""}`}
        >
          {changeText(change)}
        </li>
      ))}
    </ul>
  );
}
