import { cn } from '@/lib/cn';

/** The line at the top of a form that explains the asterisk of required fields. */
export function RequiredNote({ className }: { className?: string }) {
  return <p className={cn('text-sm text-slate-600', className)}>Fields marked with an asterisk (*) are required.</p>;
}
