import { act } from "@testing-library/react";
import { type ComponentType, useEffect, useState } from "react";
import { createRoot, hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RELOAD_MARKER_KEY } from "@/src/lib/chunk-reload";

type CounterProps = { start: number };

function Counter({ start }: CounterProps) {
  const [count, setCount] = useState(start);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      {`Geklikt: ${count}`}
    </button>
  );
}

/** A chunk that arrives when the test says so. */
function slowChunk<T>() {
  let arrive!: (value: T) => void;
  let fail!: (error: Error) => void;
  const promise = new Promise<T>((resolve, reject) => {
    arrive = resolve;
    fail = reject;
  });
  return { load: () => promise, arrive, fail };
}

describe("deferred hydration (decision 16)", () => {
  let container: HTMLElement;
  let root: Root | undefined;

  beforeEach(() => {
    // The module keeps whether the page has hydrated: each test is a fresh page.
    vi.resetModules();
    delete document.documentElement.dataset.hydrated;
    window.sessionStorage.clear();
    container = document.createElement("div");
    document.body.append(container);
  });

  afterEach(() => {
    if (root) act(() => root?.unmount());
    root = undefined;
    container.remove();
  });

  /** The server's HTML of the part (its code loaded, as the server does before it renders). */
  async function serverHtml(module: typeof import("./deferred-hydration")) {
    const OnServer = module.deferred(async () => Counter);
    await OnServer.preload();
    return renderToString(
      <main>
        <OnServer start={1} />
      </main>,
    );
  }

  async function hydrate(
    module: typeof import("./deferred-hydration"),
    InBrowser: ComponentType<CounterProps>,
  ) {
    function Page() {
      useEffect(() => module.pageHydrationDone(), []);
      return (
        <main>
          <InBrowser start={1} />
        </main>
      );
    }
    await act(async () => {
      root = hydrateRoot(container, <Page />);
    });
  }

  it("keeps the server's markup until the part's code arrives, then hydrates that same markup", async () => {
    const module = await import("./deferred-hydration");
    container.innerHTML = await serverHtml(module);
    const button = container.querySelector("button");
    const chunk = slowChunk<ComponentType<CounterProps>>();

    const afterHydration = vi.fn();
    module.afterPageHydrated(afterHydration);
    await hydrate(module, module.deferred(chunk.load));
    // The page has hydrated, the part has not: its button is the server's, and the page is not marked yet.
    expect(container.querySelector("button")).toBe(button);
    expect(button?.textContent).toBe("Geklikt: 1");
    act(() => button?.click());
    expect(button?.textContent).toBe("Geklikt: 1");
    expect(document.documentElement.dataset.hydrated).toBeUndefined();
    expect(afterHydration).not.toHaveBeenCalled();

    await act(async () => chunk.arrive(Counter));
    expect(container.querySelector("button")).toBe(button);
    act(() => button?.click());
    expect(button?.textContent).toBe("Geklikt: 2");
    expect(document.documentElement.dataset.hydrated).toBe("true");
    // Work that waited for the whole page runs once; asked for later, it runs at once.
    expect(afterHydration).toHaveBeenCalledTimes(1);
    const later = vi.fn();
    module.afterPageHydrated(later);
    expect(later).toHaveBeenCalledTimes(1);
  });

  it("marks the page when a part is removed before its code arrived", async () => {
    const module = await import("./deferred-hydration");
    const chunk = slowChunk<ComponentType<CounterProps>>();
    const Part = module.deferred(chunk.load);
    let hide!: () => void;
    function Page() {
      const [shown, setShown] = useState(true);
      hide = () => setShown(false);
      useEffect(() => module.pageHydrationDone(), []);
      return shown ? <Part start={1} /> : <p>Andere pagina</p>;
    }
    await act(async () => {
      root = createRoot(container);
      root.render(<Page />);
    });
    expect(document.documentElement.dataset.hydrated).toBeUndefined();
    act(() => hide());
    expect(document.documentElement.dataset.hydrated).toBe("true");
  });

  it("reloads the page once when a part's chunk is gone (a deploy removed it)", async () => {
    // jsdom reports that it cannot navigate; React logs the error the part's boundary catches.
    vi.mocked(console.error).mockImplementation(() => undefined);
    const module = await import("./deferred-hydration");
    const chunk = slowChunk<ComponentType<CounterProps>>();
    const Part = module.deferred(chunk.load);
    await act(async () => {
      root = createRoot(container);
      root.render(<Part start={1} />);
    });
    const before = Date.now();
    await act(async () => chunk.fail(new Error("Failed to fetch dynamically imported module")));
    // The reload guard's marker: a second failure within 10 seconds shows the message instead.
    expect(Number(window.sessionStorage.getItem(RELOAD_MARKER_KEY))).toBeGreaterThanOrEqual(before);
  });

  it("renders a part whose code is already loaded at once, and marks the page when it hydrates", async () => {
    const module = await import("./deferred-hydration");
    container.innerHTML = await serverHtml(module);
    const Loaded = module.deferred(async () => Counter);
    await Loaded.preload();

    await hydrate(module, Loaded);
    act(() => container.querySelector("button")?.click());
    expect(container.querySelector("button")?.textContent).toBe("Geklikt: 2");
    expect(document.documentElement.dataset.hydrated).toBe("true");
  });

  it("shows the Dutch block message when the code cannot be loaded, and still marks the page", async () => {
    // React logs the error the part's boundary catches; the boundary shows it and reports it.
    vi.mocked(console.error).mockImplementation(() => undefined);
    const module = await import("./deferred-hydration");
    const chunk = slowChunk<ComponentType<CounterProps>>();
    const Part = module.deferred(chunk.load);
    function Page() {
      useEffect(() => module.pageHydrationDone(), []);
      return <Part start={1} />;
    }
    // The page reloaded for this chunk a moment ago: the reload guard holds, so the part shows its message.
    window.sessionStorage.setItem(RELOAD_MARKER_KEY, String(Date.now()));
    // Rendered in the browser (a failure while hydrating is React's to recover from first, at its own time).
    await act(async () => {
      root = createRoot(container);
      root.render(<Page />);
    });
    expect(document.documentElement.dataset.hydrated).toBeUndefined();
    await act(async () => chunk.fail(new Error("Failed to fetch dynamically imported module")));
    expect(container.querySelector("button")).toBeNull();
    expect(container.textContent).toBe("Dit onderdeel kan nu niet worden getoond.");
    expect(document.documentElement.dataset.hydrated).toBe("true");
  });

  /** A form as the shop's are: every field controlled by the component's state, sent from that state. */
  function ChoiceForm({ onSend }: { onSend: (sent: Record<string, string | boolean>) => void }) {
    const [product, setProduct] = useState("lot");
    const [quantity, setQuantity] = useState("1");
    const [xl, setXl] = useState(false);
    const [bank, setBank] = useState("");
    const [password, setPassword] = useState("");
    return (
      <form
        aria-label="Keuze"
        onSubmit={(event) => {
          event.preventDefault();
          onSend({ product, quantity, xl, bank, password });
        }}
      >
        {["lot", "vijfde"].map((value) => (
          <label key={value}>
            <input
              type="radio"
              name="product"
              value={value}
              checked={product === value}
              onChange={() => setProduct(value)}
            />
            {value}
          </label>
        ))}
        <input
          aria-label="Aantal"
          name="quantity"
          value={quantity}
          onChange={(e) => setQuantity(e.target.value)}
        />
        <input type="checkbox" name="xl" checked={xl} onChange={(e) => setXl(e.target.checked)} />
        <select name="bank" value={bank} onChange={(e) => setBank(e.target.value)}>
          <option value="">Later</option>
          <option value="INGBNL2A">ING</option>
        </select>
        <input
          type="password"
          name="password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <output>{`${product} ${quantity} ${xl} ${bank} ${password.length}`}</output>
        <button type="submit">Verder</button>
      </form>
    );
  }

  it("hands what the player entered before the part's code arrived to its form (issue 40)", async () => {
    const module = await import("./deferred-hydration");
    const sent = vi.fn();
    const OnServer = module.deferred(async () => ChoiceForm);
    await OnServer.preload();
    container.innerHTML = renderToString(<OnServer onSend={sent} />);
    // The player (or a password manager) fills the server's form in before any code has run.
    const field = <T extends Element>(selector: string) => container.querySelector(selector) as T;
    field<HTMLInputElement>("input[value=vijfde]").click();
    field<HTMLInputElement>("input[name=quantity]").value = "4";
    field<HTMLInputElement>("input[name=xl]").click();
    field<HTMLSelectElement>("select").value = "INGBNL2A";
    field<HTMLInputElement>("input[name=password]").value = "Geheim-2026!";

    const chunk = slowChunk<ComponentType<{ onSend: typeof sent }>>();
    const Part = module.deferred(chunk.load);
    function Page() {
      useEffect(() => module.pageHydrationDone(), []);
      return <Part onSend={sent} />;
    }
    await act(async () => {
      root = hydrateRoot(container, <Page />);
    });
    await act(async () => chunk.arrive(ChoiceForm));
    await vi.waitFor(() => expect(document.documentElement.dataset.hydrated).toBe("true"));
    // The form's own state holds the input (it renders it), and the fields still show it.
    expect(container.querySelector("output")?.textContent).toBe("vijfde 4 true INGBNL2A 12");
    expect(field<HTMLInputElement>("input[name=quantity]").value).toBe("4");
    expect(field<HTMLInputElement>("input[name=password]").value).toBe("Geheim-2026!");
    act(() => field<HTMLButtonElement>("button").click());
    expect(sent).toHaveBeenCalledWith({
      product: "vijfde",
      quantity: "4",
      xl: true,
      bank: "INGBNL2A",
      password: "Geheim-2026!",
    });
  });

  it("loads every part's code for the server's first render", async () => {
    const module = await import("./deferred-hydration");
    const first = slowChunk<ComponentType<CounterProps>>();
    const Part = module.deferred(first.load);
    const loadedAll = module.loadAllDeferredParts();
    first.arrive(Counter);
    await loadedAll;
    expect(renderToString(<Part start={5} />)).toContain("Geklikt: 5");
  });
});
