import { CHANNEL_LABELS, MESSAGE_CHANNELS, type MessageChannel } from '@school/shared/messaging/types';
import { useId } from 'react';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { cn } from '@/lib/cn';
import { useOwnChannels, useSaveOwnChannels } from '../api/own-channels';

/**
 * A parent's settings: whether the school's messages (absence notices, results, receipts…) reach their
 * own numbers by SMS and by WhatsApp. Each switch saves at once.
 */
export function OwnChannelsSection() {
  const headingId = useId();
  const channels = useOwnChannels();
  const save = useSaveOwnChannels();
  const data = channels.data;
  const noNumber = data !== undefined && data.phones.length === 0;

  const toggle = (channel: MessageChannel) => {
    if (!data) return;
    const next = { sms: data.sms, whatsapp: data.whatsapp, [channel]: !data[channel] };
    save.mutate(next, {
      onSuccess: (saved) => toast.success(`${CHANNEL_LABELS[channel]} messages turned ${saved[channel] ? 'on' : 'off'}`),
      onError: (error) => toast.error(error.message),
    });
  };

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5 md:p-6">
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        Messages by SMS and WhatsApp
      </h2>
      <p className="mt-1 max-w-2xl text-sm text-slate-600">
        Besides email, the school can send absence notices, results, fee reminders and receipts to your phone. Choose how they reach you.
      </p>
      {channels.isError ? (
        <LoadError error={channels.error} area="Profile" className="mt-3">
          Your message settings could not be loaded. {channels.error.message}
        </LoadError>
      ) : !data ? (
        <div className="mt-4">
          <Spinner label="Loading your message settings" />
        </div>
      ) : (
        <>
          {noNumber ? (
            <p className="mt-4 rounded-lg bg-amber-50 px-3.5 py-3 text-sm text-amber-900">
              The school has no mobile number of yours, so it cannot send you SMS or WhatsApp messages. Ask the school to add it to your record.
            </p>
          ) : (
            <p className="mt-4 text-sm text-slate-700">
              {data.phones.length === 1 ? 'Your number: ' : 'Your numbers: '}
              {data.phones.map((phone, index) => (
                <span key={phone}>
                  {index > 0 ? ', ' : null}
                  <span className="font-medium whitespace-nowrap text-slate-900">{phone}</span>
                </span>
              ))}
            </p>
          )}
          <ul className="mt-4 space-y-3">
            {MESSAGE_CHANNELS.map((channel) => (
              <ChannelSwitch
                key={channel}
                label={`${CHANNEL_LABELS[channel]} messages`}
                on={!noNumber && data[channel]}
                disabled={noNumber || save.isPending}
                onToggle={() => toggle(channel)}
              />
            ))}
          </ul>
          {save.isPending ? (
            <div className="mt-3">
              <Spinner size="sm" label="Saving" />
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}

function ChannelSwitch({ label, on, disabled, onToggle }: { label: string; on: boolean; disabled: boolean; onToggle: () => void }) {
  const id = useId();
  return (
    <li className="flex items-center gap-3">
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={on}
        disabled={disabled}
        onClick={onToggle}
        className={cn(
          'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-tertiary disabled:cursor-not-allowed disabled:opacity-60',
          on ? 'bg-secondary' : 'bg-slate-300',
        )}
      >
        <span className={cn('inline-block size-5 rounded-full bg-white shadow transition-transform', on ? 'translate-x-6' : 'translate-x-1')} />
        <span className="sr-only">{label}</span>
      </button>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}: {on ? 'On' : 'Off'}
      </label>
    </li>
  );
}
