/** Submit button with its busy label, and the way back to `cancelUrl` when the portal got one. */
export function FormActions({
  pending,
  label,
  pendingLabel,
  cancelUrl,
  cancelLabel,
}: {
  pending: boolean;
  label: string;
  pendingLabel: string;
  cancelUrl?: string;
  cancelLabel: string;
}) {
  return (
    <div className="portal-form__actions">
      <button type="submit" className="button" disabled={pending}>
        {pending ? pendingLabel : label}
      </button>
      {cancelUrl ? (
        <a className="button button--secondary" href={cancelUrl}>
          {cancelLabel}
        </a>
      ) : null}
    </div>
  );
}
