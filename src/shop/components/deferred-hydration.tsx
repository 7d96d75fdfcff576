import {
  Component,
  type ComponentType,
  type ErrorInfo,
  memo,
  type NamedExoticComponent,
  type ReactNode,
  Suspense,
  use,
  useEffect,
  useId,
} from "react";
import { browserReloadDeps, isChunkLoadError, reloadOnceForChunkError } from "@/src/lib/chunk-reload";
import { loadOnce } from "@/src/lib/load-once";
import { cms } from "@/src/lib/messages/core";
import { reportClientError } from "@/src/lib/report-client-error";
import { markConsent } from "./consent/consent-store";

/**
 * Deferred hydration (decision 16). A part of a page whose code is not yet loaded when React hydrates the
 * page keeps the server's markup as it is: React hydrates the rest at once and that part when its chunk
 * arrives. Until then its links and forms work as plain HTML (decision 12). The document is marked
 * `data-hydrated` once the page and every deferred part on it are hydrated, so people and browser tests
 * can see when the whole page is interactive.
 */
const pending = new Set<string>();
let pageHydrated = false;
let complete = false;
const whenComplete: Array<() => void> = [];

/**
 * What the player entered in the server's form before its code arrived becomes the form's own input as
 * soon as React owns it (issue 40): after the page's hydration, after each deferred part's, and at the
 * latest when the whole page is marked. Its code is a chunk of its own, asked for as this module starts
 * (before hydration), so it stays out of the first-load JavaScript; it starts recording on arrival.
 */
type EnteredFields = typeof import("@/src/lib/entered-fields");
let enteredFields: EnteredFields | undefined;
const enteredFieldsArrived: Promise<unknown> | undefined =
  import.meta.env.SSR || typeof document === "undefined"
    ? undefined
    : import("@/src/lib/entered-fields").then(
        (module) => {
          module.recordEnteredFields(document);
          enteredFields = module;
        },
        () => undefined,
      );

function adoptWhileFirstPage(): void {
  if (!completing) void enteredFields?.adoptEnteredFields(document);
}

let completing = false;
/** How long the page's mark waits for the entered-fields chunk at most (it is asked for before hydration). */
const ENTERED_FIELDS_WAIT_MS = 5_000;

function markWhenComplete(): void {
  if (completing || !pageHydrated || pending.size > 0 || typeof document === "undefined") return;
  completing = true;
  const finish = () => {
    complete = true;
    markConsent();
    document.documentElement.dataset.hydrated = "true";
    for (const callback of whenComplete.splice(0)) callback();
  };
  // The page is marked once React has taken over the player's input too, including fields React renders
  // right after hydrating (a part that looks different in the browser, rendered in the next task).
  const adoptThenFinish = () => {
    const fields = enteredFields;
    if (!fields?.inputLeftToAdopt()) {
      fields?.stopRecordingEnteredFields(document);
      return finish();
    }
    void (async () => {
      await fields.adoptEnteredFields(document);
      await new Promise((resolve) => setTimeout(resolve, 0));
      await fields.adoptEnteredFields(document);
      fields.stopRecordingEnteredFields(document);
    })().finally(finish);
  };
  if (enteredFields || !enteredFieldsArrived) adoptThenFinish();
  else {
    // A chunk that never arrives must not hold the page's mark back for good.
    const late = new Promise((resolve) => setTimeout(resolve, ENTERED_FIELDS_WAIT_MS));
    void Promise.race([enteredFieldsArrived, late]).then(adoptThenFinish);
  }
}

/**
 * Runs `callback` once the page and every deferred part on it have hydrated (at once if they have): work
 * the page does not need to become interactive waits for it, so it does not lengthen hydration's tasks.
 */
export function afterPageHydrated(callback: () => void): void {
  if (complete) callback();
  else whenComplete.push(callback);
}

/** Whether the first page has hydrated: a render after it is a client-side navigation's or an update's. */
export function isPageHydrated(): boolean {
  return pageHydrated;
}

/** The page's own hydration (the app runtime's first effect). */
export function pageHydrationDone(): void {
  pageHydrated = true;
  adoptWhileFirstPage();
  markWhenComplete();
}

/** A deferred part rendered before its code is there; only parts of the page being hydrated count. */
function partPending(id: string): void {
  if (!pageHydrated) pending.add(id);
}

function partDone(id: string): void {
  if (pending.delete(id)) markWhenComplete();
}

/** Marks its part hydrated when it commits (or fails, so a broken part does not hold the mark back). */
function PartMounted({ id }: { id: string }) {
  useEffect(() => {
    adoptWhileFirstPage();
    partDone(id);
  }, [id]);
  return null;
}

class PartBoundary extends Component<
  { id: string; fallback: ReactNode; onError?: (error: Error) => void; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: Error, _info: ErrorInfo) {
    partDone(this.props.id);
    // A chunk that is gone (a deploy removed it) reloads the page once, as every lazy chunk does (spec
    // section 8); within the reload guard, or for any other error, the part shows its message instead.
    if (isChunkLoadError(error) && reloadOnceForChunkError(browserReloadDeps())) return;
    this.props.onError?.(error);
  }
  // A part removed before its code arrived (its page left) no longer holds the page's mark back.
  override componentWillUnmount() {
    partDone(this.props.id);
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * A part of the page whose code `load` brings, hydrated when it arrives. `ready` says whether it is
 * already loaded (then it renders at once, and on a later page nothing is deferred); `children` renders it.
 */
export function DeferredPart<T>({
  ready,
  load,
  failed,
  onError,
  children,
}: {
  ready: T | undefined;
  load: () => Promise<T>;
  /** Shown instead when the code cannot be loaded or the part throws. */
  failed: ReactNode;
  onError?: (error: Error) => void;
  children: (loaded: T) => ReactNode;
}) {
  const id = useId();
  if (ready === undefined && typeof document !== "undefined") partPending(id);
  return (
    <PartBoundary id={id} fallback={failed} onError={onError}>
      <Suspense fallback={null}>
        <LoadedPart ready={ready} load={load} id={id}>
          {children}
        </LoadedPart>
      </Suspense>
    </PartBoundary>
  );
}

function LoadedPart<T>({
  ready,
  load,
  id,
  children,
}: {
  ready: T | undefined;
  load: () => Promise<T>;
  id: string;
  children: (loaded: T) => ReactNode;
}) {
  const loaded = ready ?? use(load());
  return (
    <>
      {children(loaded)}
      <PartMounted id={id} />
    </>
  );
}

const parts: Array<() => Promise<unknown>> = [];

/**
 * Loads the code of every deferred component (the server before its first render, so none suspends there
 * and a page is never sent with a part missing; component tests likewise).
 */
export function loadAllDeferredParts(): Promise<unknown> {
  return Promise.all(parts.map((preload) => preload().catch(() => undefined)));
}

/**
 * A component whose code is loaded apart from the page's, and hydrated when it arrives (a route's form
 * with the API client it needs). With `api`, it renders inside the API provider, whose code (TanStack
 * Query, ky, the contract) then loads with it instead of with the page. A browser that has loaded it
 * before renders it at once.
 */
export function deferred<P extends object>(
  load: () => Promise<ComponentType<P>>,
  options: { api?: boolean } = {},
): NamedExoticComponent<P> & { preload: () => Promise<ComponentType<P>> } {
  const chunk = loadOnce(async (): Promise<ComponentType<P>> => {
    if (!options.api) return load();
    const [{ ApiProvider }, Loaded] = await Promise.all([import("./api-context"), load()]);
    return function WithApi(props: P) {
      return (
        <ApiProvider>
          <Loaded {...props} />
        </ApiProvider>
      );
    };
  });
  const preload = chunk.load;
  parts.push(preload);
  // A module evaluated after the page hydrated belongs to the page being navigated to: its code loads
  // alongside the page's data, so the page shows whole (on the first page it loads as hydration starts).
  if (!import.meta.env.SSR && pageHydrated) void preload().catch(() => undefined);
  // Memoised: a parent that renders again with the same props leaves a part that is still waiting for its
  // code alone (an update would make React give up the server's markup and show nothing until it came).
  const Deferred = memo(function Deferred(props: P) {
    return (
      <DeferredPart
        ready={chunk.current()}
        load={preload}
        failed={<p className="block-error">{cms.blockFailed}</p>}
        onError={(error) => reportClientError(error, "deferred")}
      >
        {(Loaded) => <Loaded {...props} />}
      </DeferredPart>
    );
  });
  return Object.assign(Deferred, { preload });
}
