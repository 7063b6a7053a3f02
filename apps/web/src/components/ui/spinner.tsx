import { cn } from '@/lib/cn';

export interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg';
  className?: string;
  /** Read by screen readers; omit when the spinner sits inside a control that already says so. */
  label?: string;
}

const SIZES = { sm: 'size-4 border-2', md: 'size-6 border-2', lg: 'size-10 border-[3px]' } as const;

export function Spinner({ size = 'md', className, label }: SpinnerProps) {
  return (
    <span role={label ? 'status' : undefined} className={cn('inline-flex items-center', className)}>
      <span
        aria-hidden="true"
        className={cn('animate-spin rounded-full border-current border-r-transparent motion-reduce:animate-[spin_1.5s_linear_infinite]', SIZES[size])}
      />
      {label ? <span className="sr-only">{label}</span> : null}
    </span>
  );
}

/** Centred spinner for a page or a route that is still loading. */
export function PageSpinner({ label = 'Loading page' }: { label?: string }) {
  return (
    <div className="flex min-h-[40vh] w-full items-center justify-center text-secondary">
      <Spinner size="lg" label={label} />
    </div>
  );
}
