import { NOTICE_LIMITS } from '@school/shared/noticeboard/constants';
import { Link } from 'react-router';
import { MegaphoneIcon } from '@/components/ui/icons';
import { isForbidden } from '@/components/ui/no-access';
import { Spinner } from '@/components/ui/spinner';
import { formatDate } from '@/lib/format';
import { useNoticeboard } from '../api/get-noticeboard';
import { PinnedChip, UnreadDot } from './audience-label';

/** The dashboards' card: the latest notices addressed to the user, with a link to the whole board. */
export function LatestNotices({ boardPath }: { boardPath: string }) {
  const board = useNoticeboard({ page: 1, pageSize: NOTICE_LIMITS.latestCount });
  // the role's permissions leave the noticeboard out: the dashboard goes without the card, as the menu goes without the link
  if (isForbidden(board.error)) return null;
  return (
    <section aria-labelledby="latest-notices-title" className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
      <div className="mb-3 flex items-center justify-between gap-3">
        <h2 id="latest-notices-title" className="flex items-center gap-2 text-base font-semibold text-slate-900">
          <MegaphoneIcon size={18} className="text-secondary" /> Latest notices
          {board.data && board.data.unread > 0 ? (
            <span className="rounded-full bg-tertiary px-2 py-0.5 text-xs font-semibold text-slate-950">{board.data.unread} unread</span>
          ) : null}
        </h2>
        <Link to={boardPath} className="text-sm font-semibold text-secondary hover:underline">
          View all<span className="sr-only"> notices</span>
        </Link>
      </div>
      {board.isPending ? (
        <p className="flex items-center gap-2 text-sm text-slate-600">
          <Spinner size="sm" /> Loading notices…
        </p>
      ) : board.isError ? (
        <p className="text-sm text-red-700">The notices could not be loaded. {board.error.message}</p>
      ) : board.data.items.length === 0 ? (
        <p className="text-sm text-slate-600">No notices yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="Latest notices">
          {board.data.items.map((notice) => (
            <li key={notice.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2.5">
              <Link to={boardPath} className="w-full min-w-0 truncate text-sm font-medium text-slate-900 hover:underline sm:w-auto sm:flex-1">
                {notice.title}
              </Link>
              {notice.pinned ? <PinnedChip /> : null}
              {!notice.read ? <UnreadDot /> : null}
              <time dateTime={notice.date} className="text-xs text-slate-500">
                {formatDate(notice.date)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
