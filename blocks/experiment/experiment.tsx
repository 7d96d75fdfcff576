import type { BlockViewProps } from "../block-view-props";

/**
 * An experiment's standard blocks. A page shows the visitor's variant in the experiment's place (the server
 * chooses it per request, src/shop/cms/experiments.server.ts), so this view renders only where no choice
 * was made: its nested blocks, as they come.
 */
export default function Experiment({ children }: BlockViewProps<"experiment">) {
  return <>{children}</>;
}
