import type { ClassCount } from '@school/shared/dashboards/responses';
import { useId } from 'react';
import { numberFormat } from './figures-ui';

const ROW_HEIGHT = 46;
const BAR_HEIGHT = 16;
const WIDTH = 88; // percent of the width the longest bar takes; the rest holds its number

/**
 * Students of each class as a horizontal bar in two parts, boys then girls, drawn in SVG (the approach
 * of the organisation dashboard's chart: percentage widths, so the text keeps its size on a phone).
 * One image for screen readers, its numbers in the description.
 */
export function ClassGenderChart({ classes }: { classes: ClassCount[] }) {
  const titleId = useId();
  const descriptionId = useId();
  const max = Math.max(1, ...classes.map((c) => c.total));
  const height = Math.max(ROW_HEIGHT, classes.length * ROW_HEIGHT);
  const description = classes.map((c) => `${c.className}: ${c.total} (${c.male} male, ${c.female} female)`).join('; ');
  return (
    <>
      <p className="mb-3 flex flex-wrap gap-4 text-xs text-slate-700" aria-hidden="true">
        <span className="inline-flex items-center gap-1.5">
          <span className="inline-block size-3 rounded-sm bg-secondary" /> Male
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span className="inline-block size-3 rounded-sm bg-tertiary" /> Female
        </span>
      </p>
      <svg role="img" aria-labelledby={`${titleId} ${descriptionId}`} width="100%" height={height} className="block overflow-visible">
        <title id={titleId}>Students per class by gender</title>
        <desc id={descriptionId}>{description}</desc>
        {classes.map((c, index) => {
          const top = index * ROW_HEIGHT;
          const male = (c.male / max) * WIDTH;
          const female = (c.female / max) * WIDTH;
          const end = male + female;
          return (
            <g key={c.classId}>
              <text x={0} y={top + 14} className="fill-slate-700 text-[13px] font-medium">
                {c.className}
              </text>
              <rect x={0} y={top + 20} width={`${WIDTH}%`} height={BAR_HEIGHT} rx={4} className="fill-slate-100" />
              {c.male > 0 ? <rect x={0} y={top + 20} width={`${male}%`} height={BAR_HEIGHT} className="fill-secondary" /> : null}
              {c.female > 0 ? <rect x={`${male}%`} y={top + 20} width={`${female}%`} height={BAR_HEIGHT} className="fill-tertiary" /> : null}
              <text x={`${end}%`} dx={6} y={top + 20 + BAR_HEIGHT - 4} className="fill-slate-900 text-[12px] font-semibold tabular-nums">
                {numberFormat.format(c.total)}
              </text>
            </g>
          );
        })}
      </svg>
    </>
  );
}
