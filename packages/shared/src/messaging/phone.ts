/**
 * Nigerian mobile numbers as a gateway wants them. Schools write them every way: 0803 123 4567,
 * 803-123-4567, +234 803 123 4567, 2348031234567. All of those are +2348031234567.
 */

/** A Nigerian mobile number in E.164 (+234 and ten digits starting 7, 8 or 9), or null when it is not one. */
export function normaliseNigerianMobile(value: string | null | undefined): string | null {
  if (!value) return null;
  const digits = value.replace(/[\s\-().]/g, '');
  if (!/^\+?\d+$/.test(digits)) return null;
  const bare = digits.replace(/^\+/, '');
  let national: string;
  if (bare.startsWith('234')) national = bare.slice(3).replace(/^0/, '');
  else if (bare.startsWith('0')) national = bare.slice(1);
  else national = bare;
  return /^[789][01]\d{8}$/.test(national) ? `+234${national}` : null;
}

/** What Termii's `to` takes: the number without its plus (234…). */
export const gatewayNumber = (e164: string) => e164.replace(/^\+/, '');
