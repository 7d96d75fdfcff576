import type { SaleDraw } from "@/src/contract/tickets";
import { formatDate, formatDateTime } from "@/src/lib/format";
import { ticketConfigurator as text } from "@/src/lib/messages";
import type { FieldErrors } from "@/src/shop/components/field-error";
import { Choice, ChoiceGroup } from "./choice";

/** The draw to buy for: a choice of the draws on sale, or only its name when the page sells one draw. */
export function DrawChoice({
  idPrefix,
  offered,
  draw,
  locked,
  errors,
  onChoose,
}: {
  idPrefix: string;
  offered: readonly SaleDraw[];
  draw: SaleDraw;
  locked: boolean;
  errors: FieldErrors;
  onChoose: (drawId: number) => void;
}) {
  if (locked) {
    return (
      <div className="form-field">
        <input type="hidden" name="drawId" value={draw.drawId} />
        <p>
          <strong>{text.drawLegend}:</strong> {draw.name}
        </p>
        <p className="form-field__hint">{drawWhen(draw)}</p>
      </div>
    );
  }
  return (
    <ChoiceGroup legend={text.drawLegend} name="drawId" errors={errors}>
      {offered.map((option) => (
        <Choice
          key={option.drawId}
          id={`${idPrefix}-draw-${option.drawId}`}
          name="drawId"
          value={String(option.drawId)}
          checked={option.drawId === draw.drawId}
          onChange={() => onChoose(option.drawId)}
          label={option.name}
          hint={drawWhen(option)}
        />
      ))}
    </ChoiceGroup>
  );
}

function drawWhen(draw: SaleDraw): string {
  return `${text.drawDate(formatDate(draw.drawDate))}, ${text.salesClose(formatDateTime(draw.salesCloseDateTime))}`;
}
