export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
  changed: boolean;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The top-level fields of a before/after pair, each with both values and whether it changed. */
export function fieldChanges(before: unknown, after: unknown): FieldChange[] {
  const b = isRecord(before) ? before : {};
  const a = isRecord(after) ? after : {};
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return fields.map((field) => ({
    field,
    before: b[field],
    after: a[field],
    changed: JSON.stringify(b[field]) !== JSON.stringify(a[field]),
  }));
}

/** A value as short readable text: strings as they are, null as an em dash, objects as JSON. */
export function showValue(value: unknown): string {
  if (value === undefined || value === null) return '—';
  if (typeof value === 'string') return value || '""';
  return JSON.stringify(value);
}

/** 'academic_session' → 'Academic session', 'staff.invitation_resent' stays as it is. */
export function humaniseEntity(entity: string): string {
  const text = entity.replace(/[_-]+/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const TIME = new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'Africa/Lagos' });

/** When an entry was written, as the schools see it (Africa/Lagos). */
export function formatAuditTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : TIME.format(date);
}
