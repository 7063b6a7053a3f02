import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ChildIcon } from '@/components/ui/icons';
import { LoadError } from '@/components/ui/load-error';
import { PageSpinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { initials } from '@/lib/format';
import { useChildren, type ParentChild } from '../api/get-children';

/** The pages of one child, in the order a parent looks at them (results, attendance and fees live in their own areas). */
export function childSections(studentId: string) {
  const base = `/parent/children/${encodeURIComponent(studentId)}`;
  return [
    { to: base, label: 'Overview', end: true },
    { to: `${base}/subjects`, label: 'Subjects' },
    { to: `${base}/timetable`, label: 'Timetable' },
    { to: `${base}/results`, label: 'Results' },
    { to: `${base}/assignments`, label: 'Assignments' },
    { to: `${base}/attendance`, label: 'Attendance' },
    { to: `${base}/fees`, label: 'Fees' },
  ];
}

/**
 * The frame of every /parent/children/:studentId page: the child's name and class, and links to
 * the child's other pages. A child who is not this parent's (or an unknown id) shows "not found";
 * the server answers 404 for them anyway.
 */
export function ChildPage({ studentId, children }: { studentId: string; children: (child: ParentChild) => ReactNode }) {
  const list = useChildren();
  if (list.isPending) return <PageSpinner label="Loading your child" />;
  if (list.isError) {
    return (
      <LoadError error={list.error}>
        <p>We could not load your children. {list.error.message}</p>
        <Button variant="gray" size="sm" className="mt-2" onClick={() => void list.refetch()}>
          Try again
        </Button>
      </LoadError>
    );
  }
  const child = list.data.items.find((c) => c.studentId === studentId);
  if (!child) {
    return (
      <EmptyState
        icon={<ChildIcon size={24} />}
        title="Child not found"
        description="The link may be wrong, or this student is not linked to your account."
        action={
          <Link to="/parent/children" className={buttonClasses({ variant: 'primary' })}>
            Back to your children
          </Link>
        }
      />
    );
  }
  return (
    <>
      <div className="no-print mb-5 flex items-center gap-3">
        <span aria-hidden="true" className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary-50 text-sm font-bold text-secondary">
          {initials(child.name)}
        </span>
        <div className="min-w-0">
          <p className="truncate text-lg font-bold text-slate-900">{child.name}</p>
          <p className="truncate text-sm text-slate-600">{[child.className ?? 'No class this session', child.registrationNo].filter(Boolean).join(' · ')}</p>
        </div>
      </div>
      <nav aria-label={`${child.name}’s pages`} className="no-print mb-5 flex gap-1 overflow-x-auto border-b border-slate-200">
        {childSections(studentId).map((section) => (
          <NavLink
            key={section.to}
            to={section.to}
            end={section.end}
            className={({ isActive }) =>
              cn(
                '-mb-px border-b-2 px-3 py-2.5 text-sm font-semibold whitespace-nowrap transition-colors',
                isActive ? 'border-secondary text-secondary' : 'border-transparent text-slate-600 hover:text-slate-900',
              )
            }
          >
            {section.label}
          </NavLink>
        ))}
      </nav>
      {children(child)}
    </>
  );
}
