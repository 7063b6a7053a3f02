import { Link } from 'react-router';
import { useParentDashboard } from '../api/get-dashboards';
import { FiguresError, FiguresSkeleton } from './figures-ui';
import { StudentSummary } from './student-summary';

/** parent/dashboard: each child's attendance this term, latest published results and fee balance. */
export function ParentFigures() {
  const dash = useParentDashboard();
  if (dash.isPending) return <FiguresSkeleton cards={3} label="Loading your children’s figures" />;
  if (dash.isError) return <FiguresError error={dash.error} onRetry={() => void dash.refetch()} />;
  const { children, term } = dash.data;
  // the children list above says so when none is linked
  if (children.length === 0) return null;
  return (
    <div className="mt-6 space-y-6">
      {children.map((child) => {
        const base = `/parent/children/${encodeURIComponent(child.studentId)}`;
        return (
          <section key={child.studentId} aria-labelledby={`child-${child.studentId}`}>
            <h2 id={`child-${child.studentId}`} className="mb-2 text-base font-semibold text-slate-900">
              <Link to={base} className="hover:text-secondary hover:underline">
                {child.name}
              </Link>
              <span className="ml-2 text-sm font-normal text-slate-600">{child.className ?? 'No class yet'}</span>
            </h2>
            <StudentSummary
              figures={child}
              termName={term?.name ?? null}
              links={{ attendance: `${base}/attendance`, results: `${base}/results`, fees: `${base}/fees` }}
            />
          </section>
        );
      })}
    </div>
  );
}
