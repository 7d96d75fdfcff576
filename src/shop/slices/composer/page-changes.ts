import type { PageChange } from "@/src/contract/composer-pages";
import { composerPageTexts as say } from "@/src/lib/messages/composer-pages";

/** A change between two versions of a page as an editor reads it (issue 44: a readable diff). */
export function changeText(change: PageChange): string {
  switch (change.kind) {
    case "setting":
      return say.settingChanged(change.field, change.before, change.after);
    case "blockAdded":
      return say.blockAdded(change.block);
    case "blockRemoved":
      return say.blockRemoved(change.block);
    case "blockField":
      return say.blockFieldChanged(change.block, change.field, change.before, change.after);
    case "blocksReordered":
      return say.blocksReordered;
  }
}
