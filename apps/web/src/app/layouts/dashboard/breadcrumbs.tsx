import { Link } from 'react-router';
import { ChevronRightIcon } from '@/components/ui/icons';
import { humanise } from '@/lib/format';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A path segment that is a value (an id) rather than a page name. */
export function isParameterSegment(segment: string): boolean {
  return UUID.test(segment) || /^\d+$/.test(segment);
}

function segmentsOf(pathname: string): string[] {
  return pathname.split('/').filter(Boolean);
}

/** The top bar's title: the first path segment, humanised ('super-admin' → 'Super Admin'). */
export function pageTitleFor(pathname: string): string {
  const first = segmentsOf(pathname)[0];
  return first ? humanise(first) : 'Home';
}

export interface Crumb {
  label: string;
  to: string;
}

/** Home > second segment > third segment; a segment that is an id is left out. */
export function breadcrumbsFor(pathname: string, homePath: string): Crumb[] {
  const segments = segmentsOf(pathname);
  const crumbs: Crumb[] = [{ label: 'Home', to: homePath }];
  for (let index = 1; index < Math.min(segments.length, 3); index += 1) {
    const segment = segments[index];
    if (isParameterSegment(segment)) break;
    crumbs.push({ label: humanise(segment), to: `/${segments.slice(0, index + 1).join('/')}` });
  }
  return crumbs;
}

export function Breadcrumbs({ pathname, homePath }: { pathname: string; homePath: string }) {
  const crumbs = breadcrumbsFor(pathname, homePath);
  return (
    <nav aria-label="Breadcrumb" className="min-w-0">
      <ol className="flex min-w-0 items-center gap-1 text-xs text-slate-500 sm:text-sm">
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <li key={crumb.to + index} className="flex min-w-0 items-center gap-1">
              {index > 0 ? <ChevronRightIcon size={14} className="shrink-0 text-slate-400" /> : null}
              {last ? (
                <span aria-current="page" className="truncate font-medium text-slate-700">
                  {crumb.label}
                </span>
              ) : (
                <Link to={crumb.to} className="truncate hover:text-primary hover:underline">
                  {crumb.label}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
