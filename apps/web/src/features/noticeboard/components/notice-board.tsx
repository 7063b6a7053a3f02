import type { NoticeItem } from '@school/shared/noticeboard/responses';
import { NOTICE_LIMITS } from '@school/shared/noticeboard/schemas';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { MegaphoneIcon } from '@/components/ui/icons';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { formatDate } from '@/lib/format';
import { useNoticeboard } from '../api/get-noticeboard';
import { useMarkNoticeRead } from '../api/mark-notice-read';
import { AudienceChip, PinnedChip, UnreadDot } from './audience-label';

/** One notice: its summary, and the whole text once opened (which marks it read). */
function NoticeCard({ notice, showSchool }: { notice: NoticeItem; showSchool: boolean }) {
  const [open, setOpen] = useState(false);
  const markRead = useMarkNoticeRead();
  const bodyId = useId();
  const toggle = () => {
    const next = !open;
    setOpen(next);
    if (next && !notice.read && !markRead.isPending) markRead.mutate(notice.id);
  };
  return (
    <li>
      <article
        aria-labelledby={`${bodyId}-title`}
        className={`rounded-xl border bg-white p-4 shadow-xs sm:p-5 ${notice.read ? 'border-slate-200' : 'border-tertiary/60 ring-1 ring-tertiary/30'}`}
      >
        <div className="flex flex-wrap items-center gap-2">
          {!notice.read ? <UnreadDot /> : null}
          {notice.pinned ? <PinnedChip /> : null}
          <AudienceChip notice={notice} />
          <span className="ml-auto text-xs text-slate-500">
            <time dateTime={notice.date}>{formatDate(notice.date)}</time>
          </span>
        </div>
        <h2 id={`${bodyId}-title`} className="mt-2 text-base font-semibold text-slate-900">
          {notice.title}
        </h2>
        <p id={bodyId} className={`mt-1 text-sm whitespace-pre-line text-slate-700 ${open ? '' : 'line-clamp-2'}`}>
          {notice.description}
        </p>
        <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-500">
          {notice.postedBy ? <span>Posted by {notice.postedBy}</span> : null}
          {showSchool ? <span>{notice.school.name}</span> : null}
          <button
            type="button"
            onClick={toggle}
            aria-expanded={open}
            aria-controls={bodyId}
            className="ml-auto rounded font-semibold text-secondary hover:underline"
          >
            {open ? 'Show less' : 'Read notice'}
            <span className="sr-only">: {notice.title}</span>
          </button>
        </div>
      </article>
    </li>
  );
}

/** Every role's noticeboard: what is addressed to the user, pinned first, newest next, unread marked. */
export function NoticeBoard() {
  const [page, setPage] = useState(1);
  const pageSize = NOTICE_LIMITS.pageSize;
  const board = useNoticeboard({ page, pageSize });

  if (board.isPending) {
    return (
      <p className="flex items-center gap-2 py-8 text-sm text-slate-600">
        <Spinner size="sm" /> Loading notices…
      </p>
    );
  }
  if (board.isError) {
    return (
      <LoadError error={board.error}>
        <p>We could not load the noticeboard. {board.error.message}</p>
        <Button variant="gray" size="sm" className="mt-2" onClick={() => void board.refetch()}>
          Try again
        </Button>
      </LoadError>
    );
  }
  const { items, total, unread } = board.data;
  if (total === 0) {
    return <EmptyState icon={<MegaphoneIcon size={24} />} title="No notices yet" description="Announcements from your school will appear here." />;
  }
  const schools = new Set(items.map((n) => n.school.id));
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <>
      <p className="mb-3 text-sm text-slate-600" role="status">
        {unread === 0 ? 'You have read every notice.' : `${unread} unread notice${unread === 1 ? '' : 's'}`}
      </p>
      <ul className="space-y-3" aria-label="Notices">
        {items.map((notice) => (
          <NoticeCard key={notice.id} notice={notice} showSchool={schools.size > 1} />
        ))}
      </ul>
      {pages > 1 ? (
        <nav aria-label="Notice pages" className="mt-4 flex items-center justify-between gap-2 text-sm">
          <Button variant="gray" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            Newer
          </Button>
          <span className="text-slate-600">
            Page {page} of {pages}
          </span>
          <Button variant="gray" size="sm" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            Older
          </Button>
        </nav>
      ) : null}
    </>
  );
}
