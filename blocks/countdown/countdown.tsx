import { useEffect, useState } from "react";
import type { CountdownFields } from "@/content-models/countdown";
import { formatDateTime } from "@/src/lib/format";
import { cms } from "@/src/lib/messages";
import type { BlockComponentProps } from "../block-props";
import { type CountdownData, remaining } from "./countdown-data";

/** Time left until sales of the next draw close; the server renders it, the browser keeps it current. */
export default function Countdown({ block }: BlockComponentProps) {
  const props = block.props as CountdownFields;
  const data = block.data as CountdownData | undefined;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  if (!data) return null;
  const left = remaining(data.salesCloseAt, now);
  return (
    <section className="countdown" aria-live="polite">
      <h2>{props.title}</h2>
      <p className="countdown__draw">{data.drawName}</p>
      {left ? (
        <p className="countdown__clock" suppressHydrationWarning>
          {props.label ? `${props.label}: ` : ""}
          {cms.countdownDays(left.days)}, {cms.countdownHours(left.hours)},{" "}
          {cms.countdownMinutes(left.minutes)}
        </p>
      ) : (
        <p>{cms.countdownClosed}</p>
      )}
      <p className="countdown__close">
        {cms.countdownSalesClose}: {formatDateTime(data.salesCloseAt)}
      </p>
    </section>
  );
}
