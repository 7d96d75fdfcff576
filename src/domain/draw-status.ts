/** A draw's status follows from the clock (spec: open, closed, drawn, published). */
export type DrawStatus = "open" | "closed" | "drawn" | "published";

export function drawStatusAt(
  now: Date,
  draw: { salesCloseAt: Date; drawAt: Date; publishedAt: Date | null },
): DrawStatus {
  if (now < draw.salesCloseAt) return "open";
  if (now < draw.drawAt) return "closed";
  if (!draw.publishedAt || now < draw.publishedAt) return "drawn";
  return "published";
}
