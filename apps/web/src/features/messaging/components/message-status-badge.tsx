import type { BadgeTone } from '@school/shared/constants';
import { STATUS_LABELS, type MessageStatus } from '@school/shared/messaging/types';
import { Badge } from '@/components/ui/badge';

const TONES: Record<MessageStatus, BadgeTone> = {
  queued: 'yellow',
  sent: 'lemon',
  delivered: 'green',
  failed: 'pink',
  kept: 'lightRed',
};

export function MessageStatusBadge({ status }: { status: MessageStatus }) {
  return <Badge status={STATUS_LABELS[status]} tone={TONES[status]} />;
}
