import { useEffect, useState } from "react";
import { formatDateTime } from "@/src/lib/format";
import { cms } from "@/src/lib/messages";
import type { BlockViewProps } from "../block-view-props";
import { remaining } from "./countdown-data";

/** Time left until sales of the next draw close; the server renders it, the browser keeps it current. */
export default function Countdown({ block }: BlockViewProps<"countdown">) {
  const { props, data } = block;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  if (!data) return null;
  const left = remaining(data.salesCloseAt, now);
  return (
    // No live region around the clock: a screen reader would read it out every time it ticks (issue 43).
    // Only the end of sales is announced.
    <section className="countdown">
      <h2>{props.title}</h2>
      <p className="countdown__draw">{data.drawName}</p>
      {left ? (
        <p className="countdown__clock" suppressHydrationWarning>
          {props.label ? `${props.label}: ` : ""}
          {cms.countdownDays(left.days)}, {cms.countdownHours(left.hours)},{" "}
          {cms.countdownMinutes(left.minutes)}
        </p>
      ) : (
        <p role="status">{cms.countdownClosed}</p>
      )}
      <p className="countdown__close">
        {cms.countdownSalesClose}: {formatDateTime(data.salesCloseAt)}
      </p>
    </section>
  );
}
