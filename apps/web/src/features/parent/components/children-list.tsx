import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ChildIcon } from '@/components/ui/icons';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { initials } from '@/lib/format';
import { useChildren } from '../api/get-children';

/** The parent's children in this organisation, each linking to the child's pages. */
export function ChildrenList() {
  const children = useChildren();

  if (children.isPending) {
    return (
      <div className="flex items-center gap-2 rounded-xl border border-slate-200 bg-white px-5 py-8 text-sm text-slate-600">
        <Spinner size="sm" /> Loading your children…
      </div>
    );
  }

  if (children.isError) {
    return (
      <LoadError error={children.error}>
        <p>We could not load your children. {children.error.message}</p>
        <Button variant="gray" size="sm" className="mt-2" onClick={() => void children.refetch()}>
          Try again
        </Button>
      </LoadError>
    );
  }

  if (children.data.items.length === 0) {
    return (
      <EmptyState
        icon={<ChildIcon size={24} />}
        title="No children linked yet"
        description="When the school links your account to your children, they appear here."
      />
    );
  }

  return (
    <ul aria-label="Your children" className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
      {children.data.items.map((child) => (
        <li
          key={child.studentId}
          className="relative flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 focus-within:ring-2 focus-within:ring-secondary hover:border-secondary"
        >
          <span aria-hidden="true" className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary-50 text-sm font-bold text-secondary">
            {initials(child.name)}
          </span>
          <div className="min-w-0">
            <p className="truncate font-semibold text-slate-900">
              {/* the whole card is the link's target area */}
              <Link to={`/parent/children/${child.studentId}`} className="outline-none after:absolute after:inset-0 hover:text-secondary">
                {child.name}
              </Link>
            </p>
            <p className="truncate text-sm text-slate-600">{[child.className, child.registrationNo].filter(Boolean).join(' · ') || 'No class yet'}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
