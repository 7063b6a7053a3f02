import { NOTICE_AUDIENCE_LABELS } from '@school/shared/noticeboard/constants';
import type { NoticeItem } from '@school/shared/noticeboard/responses';

/** 'Everyone', 'Staff'… or the class's name for a notice to one class. */
export function audienceText(notice: Pick<NoticeItem, 'audience' | 'class'>): string {
  return notice.audience === 'class' ? (notice.class?.name ?? 'One class') : NOTICE_AUDIENCE_LABELS[notice.audience];
}

export function AudienceChip({ notice }: { notice: Pick<NoticeItem, 'audience' | 'class'> }) {
  return (
    <span className="inline-flex items-center rounded-full bg-primary-50 px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-secondary">
      For {audienceText(notice)}
    </span>
  );
}

export function PinnedChip() {
  return (
    <span className="inline-flex items-center rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-amber-900">Pinned</span>
  );
}

/** The unread mark: a dot with words for screen readers. */
export function UnreadDot() {
  return (
    <span className="inline-flex items-center gap-1.5 text-xs font-semibold text-sky-800">
      <span aria-hidden="true" className="size-2 rounded-full bg-tertiary" />
      New<span className="sr-only"> (unread)</span>
    </span>
  );
}
