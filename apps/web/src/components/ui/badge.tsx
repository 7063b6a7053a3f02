import { BADGE_COLORS, badgeTone, type BadgeTone } from '@school/shared/constants';
import { cn } from '@/lib/cn';

export interface BadgeProps {
  /** A status such as Active, Pending, Failed; its colour follows the spec's table. */
  status: string;
  /** Overrides the colour chosen from the status. */
  tone?: BadgeTone;
  className?: string;
}

export function Badge({ status, tone, className }: BadgeProps) {
  const resolved = tone ?? badgeTone(status);
  const colors = BADGE_COLORS[resolved];
  return (
    <span
      data-tone={resolved}
      className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap', className)}
      style={{ backgroundColor: colors.background, color: colors.text }}
    >
      {status}
    </span>
  );
}
