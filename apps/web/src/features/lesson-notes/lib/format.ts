import { DEFAULT_TIME_ZONE } from '@school/shared/constants';

/** '2024-01-15T09:30:00Z' → '15 Jan 2024' in the school's zone. */
export function formatDate(iso: string | null): string {
  if (!iso) return '—';
  return new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'short', year: 'numeric', timeZone: DEFAULT_TIME_ZONE }).format(new Date(iso));
}

/** '15 Jan 2024, 09:30' in the school's zone. */
export function formatDateTime(iso: string | null): string {
  if (!iso) return '—';
  return new Intl.DateTimeFormat('en-NG', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: DEFAULT_TIME_ZONE,
  }).format(new Date(iso));
}

/** 2_411_724 → '2.3 MB', 5120 → '5 KB'. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
