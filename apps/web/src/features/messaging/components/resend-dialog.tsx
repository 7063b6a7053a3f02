import type { MessageItem } from '@school/shared/messaging/responses';
import { CHANNEL_LABELS, EVENT_LABELS } from '@school/shared/messaging/types';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { toast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-client';
import { useResendMessage } from '../api/resend-message';

export function recipientOf(message: Pick<MessageItem, 'recipientName' | 'to'>): string {
  return message.recipientName ? `${message.recipientName} (${message.to})` : message.to;
}

/** Asks before a failed or kept message goes again; the server's refusal (no key, a bad number) stays in view. */
export function ResendDialog({ message, onClose }: { message: MessageItem | null; onClose: () => void }) {
  const resend = useResendMessage();
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    if (resend.isPending) return;
    setError(null);
    onClose();
  };

  async function confirm() {
    if (!message) return;
    setError(null);
    try {
      await resend.mutateAsync(message.id);
      toast.success(`${CHANNEL_LABELS[message.channel]} to ${message.recipientName ?? message.to} queued to be sent again`);
      onClose();
    } catch (err) {
      setError(isApiError(err) ? err.message : 'Something went wrong. Please try again.');
    }
  }

  return (
    <Modal
      open={message !== null}
      onClose={close}
      role="alertdialog"
      size="sm"
      title="Send this message again?"
      description={
        message
          ? `${EVENT_LABELS[message.event]} by ${CHANNEL_LABELS[message.channel]} to ${recipientOf(message)}. It goes as a new message; this one stays in the log as it is.`
          : undefined
      }
      footer={
        <>
          <Button variant="gray" onClick={close} disabled={resend.isPending} data-autofocus>
            Cancel
          </Button>
          <Button variant="primary" onClick={() => void confirm()} loading={resend.isPending} loadingText="Sending…">
            Resend
          </Button>
        </>
      }
    >
      {error ? <Alert>{error}</Alert> : null}
    </Modal>
  );
}
