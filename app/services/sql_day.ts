/**
 * A calendar day written into SQL as a literal, `DATE 'YYYY-MM-DD'` (decisions 814 and 818): a
 * statement with no parameter left is prepared once with one plan, the one its values would
 * get. The day is always ours (todayIso), never the URL's; anything but an ISO day throws.
 */
export function dayLiteral(day: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error(`Bad day: ${day}`)
  return `DATE '${day}'`
}
