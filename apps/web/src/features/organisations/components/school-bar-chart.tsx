import { useId } from 'react';

export interface BarDatum {
  id: string;
  label: string;
  value: number;
}

export interface SchoolBarChartProps {
  title: string;
  data: BarDatum[];
}

const ROW_HEIGHT = 46;
const BAR_HEIGHT = 16;
const numberFormat = new Intl.NumberFormat('en-NG');

/**
 * Horizontal bars, one per school, drawn in SVG. Widths are percentages, so the text keeps its
 * size on a phone; the chart is one image for screen readers, its numbers are in the table below.
 */
export function SchoolBarChart({ title, data }: SchoolBarChartProps) {
  const titleId = useId();
  const descriptionId = useId();
  const max = Math.max(1, ...data.map((datum) => datum.value));
  const height = Math.max(ROW_HEIGHT, data.length * ROW_HEIGHT);
  const description = data.map((datum) => `${datum.label}: ${numberFormat.format(datum.value)}`).join('; ');

  return (
    <svg role="img" aria-labelledby={`${titleId} ${descriptionId}`} width="100%" height={height} className="block overflow-visible">
      <title id={titleId}>{title}</title>
      <desc id={descriptionId}>{description}</desc>
      {data.map((datum, index) => {
        const share = datum.value / max;
        const top = index * ROW_HEIGHT;
        // a long bar carries its number inside, a short one beside it
        const inside = share > 0.8;
        const width = `${Math.max(share * 88, datum.value > 0 ? 0.8 : 0)}%`;
        return (
          <g key={datum.id}>
            <text x={0} y={top + 14} className="fill-slate-700 text-[13px] font-medium">
              {datum.label}
            </text>
            <rect x={0} y={top + 20} width="88%" height={BAR_HEIGHT} rx={4} className="fill-slate-100" />
            <rect x={0} y={top + 20} width={width} height={BAR_HEIGHT} rx={4} className="fill-secondary" />
            <text
              x={width}
              dx={inside ? -6 : 6}
              y={top + 20 + BAR_HEIGHT - 4}
              textAnchor={inside ? 'end' : 'start'}
              className={inside ? 'fill-white text-[12px] font-semibold tabular-nums' : 'fill-slate-900 text-[12px] font-semibold tabular-nums'}
            >
              {numberFormat.format(datum.value)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
