import { formatNaira } from '@/lib/format';
import type { BarSeries } from './bar-chart';

const numberFormat = new Intl.NumberFormat('en-NG');

export const count = (n: number) => numberFormat.format(n);
export const naira = (kobo: number) => formatNaira(kobo);
/** A rate in percent with one decimal, or a dash when nothing was recorded. */
export const percent = (rate: number | null) => (rate === null ? '—' : `${rate.toFixed(1)}%`);
export const average = (value: number | null) => (value === null ? '—' : value.toFixed(2));

export const GENDER_SERIES: BarSeries[] = [
  { key: 'male', label: 'Male', fill: 'fill-secondary', swatch: 'bg-secondary' },
  { key: 'female', label: 'Female', fill: 'fill-tertiary', swatch: 'bg-tertiary' },
];

export const FEES_SERIES: BarSeries[] = [
  { key: 'collected', label: 'Collected', fill: 'fill-secondary', swatch: 'bg-secondary' },
  { key: 'outstanding', label: 'Outstanding', fill: 'fill-amber-400', swatch: 'bg-amber-400' },
];

export const ONE_SERIES = (label: string): BarSeries[] => [{ key: 'value', label, fill: 'fill-secondary', swatch: 'bg-secondary' }];
