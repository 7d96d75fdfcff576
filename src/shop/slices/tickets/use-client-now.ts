import { useEffect, useState } from "react";

/**
 * The browser's time, known only after hydration: the server render and the first browser render agree
 * (undefined), then blocks can hide draws whose sales closed since the page was rendered or cached.
 */
export function useClientNow(): number | undefined {
  const [now, setNow] = useState<number>();
  useEffect(() => setNow(Date.now()), []);
  return now;
}
