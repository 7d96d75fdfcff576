import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach, beforeAll } from "vitest";
import { loadAllDeferredParts } from "@/src/shop/components/deferred-hydration";

// A route renders its deferred parts at once when their code is loaded, as the server does (decision 16).
beforeAll(() => loadAllDeferredParts());

afterEach(() => cleanup());
