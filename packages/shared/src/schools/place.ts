/**
 * How a school's location is written under its name (letters, receipts, their PDFs): the address
 * with its city and state, each once (an address often names them already).
 */
export function schoolPlace(school: { address: string; city: string; state: string }): string {
  const parts = [school.address];
  for (const part of [school.city, school.state]) {
    if (part && !parts.join(', ').toLowerCase().includes(part.toLowerCase())) parts.push(part);
  }
  return parts.filter(Boolean).join(', ');
}
