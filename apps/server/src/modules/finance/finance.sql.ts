/** Value helpers of the finance repositories' SQL. */

/** A numeric column as a number (drivers return bigint sums as strings; null counts as 0). */
export const num = (v: unknown) => (v == null ? 0 : Number(v));

/** An ILIKE pattern that matches `value` literally anywhere. */
export function likePattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
