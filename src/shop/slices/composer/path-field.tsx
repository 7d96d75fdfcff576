import { useContext, useEffect, useId, useState } from "react";
import { composerPageTexts as say } from "@/src/lib/messages/composer-pages";
import { composerApi } from "./api";
import { ComposerFieldContext, FieldControl, type ModelField } from "./field-controls";

const CHECK_DELAY_MS = 300;

type Check = { state: "idle" | "checking" | "free" | "taken"; text: string };

/**
 * Whether the path is free for this page, asked of the server a moment after the editor stops typing
 * (issue 44: "path with a collision check"): another page's path, a redirect, a route of the shop.
 */
function usePathCheck(pageId: string | undefined, path: string): Check {
  const [check, setCheck] = useState<Check>({ state: "idle", text: "" });
  useEffect(() => {
    let current = true;
    // The last answer stays in view while the next one is asked (no flicker in the live region).
    setCheck((previous) => (previous.state === "idle" ? previous : { ...previous, state: "checking" }));
    const timer = setTimeout(() => {
      composerApi
        .checkPath(path, pageId)
        .then((answer) => {
          if (!current) return;
          setCheck(
            answer.free
              ? { state: "free", text: say.pathFree(answer.path) }
              : { state: "taken", text: answer.messages.join(" ") },
          );
        })
        .catch(() => {
          if (current) setCheck({ state: "idle", text: "" });
        });
    }, CHECK_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [pageId, path]);
  return check;
}

/** The page's path field with the live check under it, announced politely, in room kept for it. */
export function PathField(props: { field: ModelField; value: unknown; onChange: (value: unknown) => void }) {
  const { pageId } = useContext(ComposerFieldContext);
  const path = typeof props.value === "string" ? props.value : "";
  const check = usePathCheck(pageId, path);
  const id = useId();
  return (
    <div className="composer-path-field">
      <FieldControl {...props} errorKey="settings.path" describedBy={`${id}-controle`} />
      <p
        id={`${id}-controle`}
        className={`composer-path-check composer-path-check-${check.state}`}
        aria-live="polite"
      >
        {check.text}
      </p>
    </div>
  );
}
