/**
 * The error and the errors it was caused by (`cause`), outermost first: at most `limit` of them, and each
 * only once, so a cycle of causes cannot loop.
 */
export function causeChain(error: unknown, limit = 10): unknown[] {
  const chain: unknown[] = [];
  for (let current = error; current && chain.length < limit && !chain.includes(current); ) {
    chain.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}
