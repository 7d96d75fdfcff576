import { useId, useRef, useState } from "react";
import type { ComposerAsset } from "@/src/contract/composer";
import { composerAssetTexts as say } from "@/src/lib/messages/composer-assets";
import { ApiProblem, composerApi } from "./api";

/** The image types the upload takes (the server reads the type from the bytes; this only narrows the picker). */
const ACCEPT = "image/png,image/jpeg,image/gif,image/webp";

type UploadErrors = { file?: string[]; alt?: string[] };

/** A refused upload's messages by field; one without any (a proxy's 413) under the file. */
function errorsOf(error: unknown): UploadErrors {
  if (!(error instanceof ApiProblem)) return { file: [say.notSaved] };
  const errors: UploadErrors = { file: error.errors.file, alt: error.errors.alt };
  return errors.file || errors.alt ? errors : { file: [error.detail] };
}

/**
 * The upload part of an image field (issue 44): a file and its required alternative text; the server checks
 * both (type by content, size, the text) and stores the image as an asset, which becomes the field's
 * choice. A refusal is shown at the input it concerns.
 */
export function AssetUpload({ onUploaded }: { onUploaded: (asset: ComposerAsset) => void }) {
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [alt, setAlt] = useState("");
  const [errors, setErrors] = useState<UploadErrors>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState("");

  const upload = async () => {
    const file = fileInput.current?.files?.[0];
    setDone("");
    if (!file) return setErrors({ file: [say.fileRequired] });
    setBusy(true);
    try {
      const asset = await composerApi.uploadImage(file, alt);
      setErrors({});
      setAlt("");
      if (fileInput.current) fileInput.current.value = "";
      setDone(say.uploaded(asset.title));
      onUploaded(asset);
    } catch (error) {
      setErrors(errorsOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <fieldset className="composer-upload">
      <legend>{say.uploadHeading}</legend>
      <label htmlFor={`${id}-bestand`}>{say.file}</label>
      <input
        id={`${id}-bestand`}
        type="file"
        accept={ACCEPT}
        ref={fileInput}
        aria-invalid={errors.file ? true : undefined}
        aria-describedby={errors.file ? `${id}-bestand-fout` : undefined}
      />
      <FieldErrors id={`${id}-bestand-fout`} messages={errors.file} />
      <label htmlFor={`${id}-alt`}>{say.alt} (verplicht)</label>
      <input
        id={`${id}-alt`}
        type="text"
        value={alt}
        maxLength={400}
        aria-invalid={errors.alt ? true : undefined}
        aria-describedby={[`${id}-alt-uitleg`, errors.alt ? `${id}-alt-fout` : ""].join(" ").trim()}
        onChange={(event) => setAlt(event.target.value)}
      />
      <p className="composer-hint" id={`${id}-alt-uitleg`}>
        {say.altHint}
      </p>
      <FieldErrors id={`${id}-alt-fout`} messages={errors.alt} />
      <button type="button" onClick={() => void upload()} disabled={busy}>
        {busy ? say.uploading : say.upload}
      </button>
      <p className="composer-upload-done" role="status">
        {done}
      </p>
    </fieldset>
  );
}

function FieldErrors({ id, messages }: { id: string; messages?: string[] }) {
  if (!messages || messages.length === 0) return null;
  return (
    <ul className="composer-field-errors" id={id}>
      {messages.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  );
}
