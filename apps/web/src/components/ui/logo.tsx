import { APP_NAME } from '@/lib/app-info';
import { cn } from '@/lib/cn';

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={cn('size-9 shrink-0', className)} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#3C1263" />
      <path d="M16 7 5 12.5l11 5.5 9-4.5V21h2v-8.5z" fill="#fff" />
      <path d="M9.5 17.2v4.3c0 1.9 2.9 3.5 6.5 3.5s6.5-1.6 6.5-3.5v-4.3L16 20.4z" fill="#45A2E5" />
    </svg>
  );
}

export interface LogoProps {
  className?: string;
  /** Hide the word mark (collapsed sidebar). */
  compact?: boolean;
  tone?: 'dark' | 'light';
}

export function Logo({ className, compact = false, tone = 'dark' }: LogoProps) {
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)}>
      <LogoMark className={tone === 'light' ? 'ring-1 ring-white/30 rounded-lg' : undefined} />
      {compact ? (
        <span className="sr-only">{APP_NAME}</span>
      ) : (
        <span className={cn('text-lg font-bold tracking-tight', tone === 'light' ? 'text-white' : 'text-primary')}>{APP_NAME}</span>
      )}
    </span>
  );
}
