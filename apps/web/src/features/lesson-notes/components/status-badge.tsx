import type { LessonNoteStatus } from '@school/shared/constants';
import type { BadgeTone } from '@school/shared/constants';
import { Badge } from '@/components/ui/badge';

const TONES: Record<LessonNoteStatus, BadgeTone> = {
  Draft: 'lemon',
  Submitted: 'yellow',
  Approved: 'green',
  Rejected: 'pink',
};

export function LessonNoteStatusBadge({ status }: { status: LessonNoteStatus }) {
  return <Badge status={status} tone={TONES[status]} />;
}
