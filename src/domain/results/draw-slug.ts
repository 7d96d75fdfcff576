/** The readable Dutch slug of a draw for `/trekkingsuitslag/{slug}`: "Maandtrekking november 2026" -> "maandtrekking-november-2026". */
export function drawSlug(name: string): string {
  return name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
