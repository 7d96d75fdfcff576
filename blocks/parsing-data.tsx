import { useMemo } from "react";
import type { z } from "zod";
import { cms } from "@/src/lib/messages";
import type { BlockData, BlockType, BlockView, BlockViewProps } from "./block-view-props";

/**
 * The view of a block whose loader data reaches the browser in the page payload and is checked there, once,
 * against the schema of what its loader returns (STYLE point 3): data that does not parse shows the block's
 * notice, data that does is handed to `View` typed.
 */
export function parsingData<Type extends BlockType>(
  schema: z.ZodType<BlockData<Type>>,
  View: BlockView<Type>,
): BlockView<Type, unknown> {
  return function ParsedData({ block, children }: BlockViewProps<Type, unknown>) {
    const parsed = useMemo(() => schema.safeParse(block.data), [block.data]);
    if (!parsed.success) return <p className="block-error">{cms.blockFailed}</p>;
    return <View block={{ ...block, data: parsed.data }}>{children}</View>;
  };
}
