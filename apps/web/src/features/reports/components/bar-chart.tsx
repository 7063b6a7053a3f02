import { useId } from 'react';
import { cn } from '@/lib/cn';

export interface BarSeries {
  key: string;
  label: string;
  /** A Tailwind fill class, e.g. 'fill-secondary'. */
  fill: string;
  /** The legend swatch's background class. */
  swatch: string;
}

export interface BarDatum {
  id: string;
  label: string;
  /** One value per series, in the order of `series`. */
  values: number[];
  /** What is written beside the bar instead of its total ('No registers'). */
  text?: string;
}

export interface BarChartProps {
  title: string;
  series: BarSeries[];
  data: BarDatum[];
  /** How a value reads (counts by default; money for fees). */
  format?: (value: number) => string;
  /** The value of a full bar (100 for percentages); the largest total by default. */
  max?: number;
  /** Percent of the width the longest bar takes; the rest holds its number (less for long numbers). */
  barWidth?: number;
  className?: string;
}

const ROW_HEIGHT = 46;
const BAR_HEIGHT = 16;
const numberFormat = new Intl.NumberFormat('en-NG');

/**
 * Horizontal bars in SVG, one row per item, the series stacked (male + female, collected +
 * outstanding…). Widths are percentages so the text keeps its size on a phone; the total is written
 * beside each bar. For screen readers the chart is one image described by its numbers, which are in
 * the report's table too (the approach of the super-admin dashboard's school chart).
 */
export function BarChart({ title, series, data, format = (v) => numberFormat.format(v), max: fullBar, barWidth = 78, className }: BarChartProps) {
  const WIDTH = barWidth;
  const titleId = useId();
  const descriptionId = useId();
  const totals = data.map((d) => d.values.reduce((a, v) => a + v, 0));
  const max = fullBar ?? Math.max(1, ...totals);
  const height = Math.max(ROW_HEIGHT, data.length * ROW_HEIGHT);
  const description = data
    .map((d, i) => {
      if (d.text) return `${d.label}: ${d.text}`;
      const parts = series.length > 1 ? `${series.map((s, j) => `${s.label} ${format(d.values[j] ?? 0)}`).join(', ')}, total ` : '';
      return `${d.label}: ${parts}${format(totals[i])}`;
    })
    .join('; ');

  return (
    <figure className={cn('report-chart', className)}>
      {series.length > 1 ? (
        <figcaption className="mb-3 flex flex-wrap gap-4 text-xs text-slate-600" aria-hidden="true">
          {series.map((s) => (
            <span key={s.key} className="inline-flex items-center gap-1.5">
              <span className={cn('inline-block size-3 rounded-sm', s.swatch)} />
              {s.label}
            </span>
          ))}
        </figcaption>
      ) : null}
      <svg role="img" aria-labelledby={`${titleId} ${descriptionId}`} width="100%" height={height} className="block overflow-visible">
        <title id={titleId}>{title}</title>
        <desc id={descriptionId}>{description}</desc>
        {data.map((datum, index) => {
          const top = index * ROW_HEIGHT;
          let offset = 0;
          const total = totals[index];
          const totalWidth = (total / max) * WIDTH;
          return (
            <g key={datum.id}>
              <text x={0} y={top + 14} className="fill-slate-700 text-[13px] font-medium">
                {datum.label}
              </text>
              <rect x={0} y={top + 20} width={`${WIDTH}%`} height={BAR_HEIGHT} rx={4} className="fill-slate-100" />
              {datum.values.map((value, j) => {
                const width = (value / max) * WIDTH;
                const x = offset;
                offset += width;
                return value > 0 ? (
                  <rect
                    key={series[j]?.key ?? j}
                    x={`${x}%`}
                    y={top + 20}
                    width={`${Math.max(width, 0.6)}%`}
                    height={BAR_HEIGHT}
                    className={series[j]?.fill ?? 'fill-secondary'}
                  />
                ) : null;
              })}
              <text x={`${totalWidth}%`} dx={6} y={top + 20 + BAR_HEIGHT - 4} className="fill-slate-900 text-[12px] font-semibold tabular-nums">
                {datum.text ?? format(total)}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
