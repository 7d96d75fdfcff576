import { randomBytes } from "node:crypto";
import type { ComposerAsset } from "@/src/contract/composer";
import { checkUpload, type UploadErrors, type UploadInput } from "@/src/domain/composer/image-upload";
import type { EditorialContentStore, StoredAsset } from "./stores/content-store";

/** An upload the checks refused: nothing was stored; each field (`file`, `alt`) says why. */
export class UploadRefusedError extends Error {
  constructor(
    readonly status: 413 | 422,
    readonly errors: UploadErrors,
  ) {
    super("upload refused");
    this.name = "UploadRefusedError";
  }
}

export function toComposerAsset(asset: StoredAsset): ComposerAsset {
  return {
    id: asset.id,
    title: asset.title,
    url: asset.url,
    alt: asset.description,
    ...(asset.width && asset.height ? { width: asset.width, height: asset.height } : {}),
  };
}

/**
 * Images uploaded to the assets (issue 44): checked whole first (type by content, size, alternative text),
 * then stored as one published asset under an id made here (a slug of the file's name and random hex, so
 * no name an editor's file has reaches a path), or not at all.
 */
export function assetWrites({ store }: { store: EditorialContentStore }) {
  return {
    async uploadAsset(input: UploadInput): Promise<ComposerAsset> {
      const checked = checkUpload(input);
      if (!checked.ok) throw new UploadRefusedError(checked.status, checked.errors);
      const { slug, ...upload } = checked.upload;
      const id = `asset-${slug}-${randomBytes(4).toString("hex")}`;
      return toComposerAsset(await store.createAsset({ id, ...upload }));
    },
  };
}
