/**
 * The rows of a raw `db.execute(sql\`…\`)` result. The two drivers answer differently: node-postgres gives
 * `{ rows }`, PGlite (through drizzle) may give the array itself.
 */
export function rowsOf<Row = Record<string, unknown>>(result: unknown): Row[] {
  return (Array.isArray(result) ? result : (result as { rows: Row[] }).rows) as Row[];
}
