import { zodResolver } from '@hookform/resolvers/zod';
import type { MessagingSettings } from '@school/shared/messaging/responses';
import { messagingSettingsSchema, type MessagingSettingsInput } from '@school/shared/messaging/schemas';
import { CHANNEL_LABELS, EVENT_LABELS, MESSAGE_CHANNELS, MESSAGE_EVENTS, type EventChannels, type MessageChannel } from '@school/shared/messaging/types';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/form-errors';
import { useMessagingSettingsForEditing, useSaveMessagingSettings } from '../api/messaging-settings';

/** The form's own fields: the shared rules for the key and sender ID, the channels kept as they are ticked. */
const formSchema = z.object({
  apiKey: messagingSettingsSchema.shape.apiKey,
  senderId: messagingSettingsSchema.shape.senderId,
  /** a school only: take the organisation's choice of channels (eventChannels null) */
  inheritChannels: z.boolean(),
  eventChannels: z.custom<EventChannels>(),
});
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

const inOrder = (channels: readonly MessageChannel[]) => MESSAGE_CHANNELS.filter((c) => channels.includes(c));
const sorted = (channels: EventChannels) => Object.fromEntries(MESSAGE_EVENTS.map((e) => [e, inOrder(channels[e])])) as EventChannels;

function formValuesOf(settings: MessagingSettings): FormInput {
  return {
    apiKey: '',
    senderId: settings.senderId ?? '',
    inheritChannels: settings.scope === 'school' && settings.eventChannels === null,
    eventChannels: sorted(settings.eventChannels ?? settings.effective.eventChannels),
  };
}

export interface MessagingSettingsSectionProps {
  /** The section's heading ('SMS and WhatsApp' on the administrator's settings page). */
  title?: string;
}

/**
 * SMS and WhatsApp settings (ADR 0039): the Termii key (shown only masked; left empty, the stored one is
 * kept), the sender ID and which events go by which channel. The owner sets them for the organisation;
 * a school's administrator overrides them for the school, and sees what it takes from the organisation.
 */
export function MessagingSettingsSection({ title = 'SMS and WhatsApp' }: MessagingSettingsSectionProps) {
  const headingId = useId();
  const settings = useMessagingSettingsForEditing();
  return (
    <section id="messaging" aria-labelledby={headingId} className="scroll-mt-20 rounded-xl border border-slate-200 bg-white p-4 sm:p-5 md:p-6">
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      {settings.isError ? (
        <LoadError error={settings.error} area="Settings" className="mt-3">
          The messaging settings could not be loaded. {settings.error.message}
        </LoadError>
      ) : !settings.ready || !settings.data ? (
        <div className="mt-4">
          <Spinner label="Loading the messaging settings" />
        </div>
      ) : (
        <MessagingSettingsForm settings={settings.data} />
      )}
    </section>
  );
}

function MessagingSettingsForm({ settings }: { settings: MessagingSettings }) {
  const save = useSaveMessagingSettings();
  const [formError, setFormError] = useState<string | null>(null);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const forSchool = settings.scope === 'school';
  const {
    register,
    handleSubmit,
    setError,
    reset,
    watch,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(formSchema), defaultValues: formValuesOf(settings) });
  const inheritChannels = watch('inheritChannels');
  const channels = watch('eventChannels');

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const input: MessagingSettingsInput = {
      // only a key that was typed: an empty field keeps the stored one
      ...(values.apiKey ? { apiKey: values.apiKey } : {}),
      senderId: values.senderId ?? '',
      eventChannels: forSchool && values.inheritChannels ? null : sorted(values.eventChannels),
    };
    try {
      const saved = await save.mutateAsync(input);
      toast.success('SMS and WhatsApp settings saved');
      reset(formValuesOf(saved));
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['apiKey', 'senderId']));
    }
  });

  async function removeKey() {
    setFormError(null);
    try {
      // what is stored stays as it is; only the key goes
      await save.mutateAsync({ removeApiKey: true, senderId: settings.senderId ?? '', eventChannels: settings.eventChannels });
      toast.success('Termii API key removed');
    } catch (error) {
      setFormError(isApiError(error) ? error.message : 'Something went wrong. Please try again.');
    } finally {
      setConfirmRemove(false);
    }
  }

  const toggle = (event: (typeof MESSAGE_EVENTS)[number], channel: MessageChannel) => {
    const current = channels[event];
    const next = current.includes(channel) ? current.filter((c) => c !== channel) : inOrder([...current, channel]);
    setValue('eventChannels', { ...channels, [event]: next }, { shouldDirty: true });
  };

  const { effective } = settings;
  const keyHint = settings.apiKey
    ? 'Leave empty to keep the stored key.'
    : forSchool && effective.keyFrom === 'organisation'
      ? 'Leave empty to keep using the organisation’s key.'
      : 'From your Termii dashboard. It is stored encrypted and never shown again.';
  const senderHint =
    forSchool && settings.inherited?.senderId
      ? `3 to 11 letters or digits. Leave empty to use the organisation’s (${settings.inherited.senderId}).`
      : forSchool
        ? '3 to 11 letters or digits, registered with Termii. Leave empty to use the organisation’s.'
        : '3 to 11 letters or digits, registered with Termii: the name parents see as the sender.';

  return (
    <>
      <p className="mt-1 max-w-2xl text-sm text-slate-600">
        {forSchool
          ? 'Absence notices, results and the other events reach parents by SMS or WhatsApp through Termii, beside email. Where you leave a setting empty, your school takes the organisation’s.'
          : 'Absence notices, results and the other events reach parents by SMS or WhatsApp through Termii, beside email. Every school of your organisation uses these settings unless it sets its own.'}
      </p>
      <dl className="mt-4 grid gap-x-4 gap-y-2 rounded-lg bg-slate-50 p-3 text-sm sm:grid-cols-[10rem_1fr]">
        <dt className="text-slate-600">API key</dt>
        <dd className="min-w-0 break-words">
          {settings.apiKey ? (
            <>
              <span className="font-mono" data-testid="api-key-masked">
                {settings.apiKey}
              </span>
              {forSchool ? ' (your school’s own)' : null}
            </>
          ) : forSchool && effective.keyFrom === 'organisation' && effective.apiKey ? (
            <span data-testid="api-key-inherited">
              Using the organisation’s key <span className="font-mono">{effective.apiKey}</span>
            </span>
          ) : (
            'None yet: messages are kept in the log, not sent, until a key is set.'
          )}
        </dd>
        <dt className="text-slate-600">Sender ID</dt>
        <dd className="min-w-0 break-words">
          {effective.senderId ? (
            <>
              {effective.senderId}
              {forSchool && !settings.senderId
                ? ' (the organisation’s)'
                : forSchool && settings.inherited?.senderId && settings.inherited.senderId !== settings.senderId
                  ? ` (your school’s own; the organisation’s is ${settings.inherited.senderId})`
                  : null}
            </>
          ) : (
            'None'
          )}
        </dd>
        <dt className="text-slate-600">Delivery reports</dt>
        <dd className="min-w-0">
          <DeliveryReportAddress url={settings.deliveryReportUrl} />
        </dd>
      </dl>
      {effective.apiKey && !effective.senderId ? (
        <Alert tone="info" className="mt-3">
          Termii sends only from a sender ID: until one is set, messages fail.
        </Alert>
      ) : null}

      <form onSubmit={onSubmit} noValidate aria-label="SMS and WhatsApp settings" className="mt-4 space-y-4">
        {formError ? <Alert>{formError}</Alert> : null}
        <div className="grid gap-4 md:grid-cols-2">
          <div>
            <TextField
              label="Termii API key"
              type="password"
              autoComplete="off"
              spellCheck={false}
              placeholder={settings.apiKey ? 'Leave empty to keep' : undefined}
              hint={keyHint}
              error={errors.apiKey?.message}
              {...register('apiKey')}
            />
            {settings.apiKey ? (
              <Button type="button" variant="transparent" size="sm" className="mt-1 -ml-3 text-red-700" onClick={() => setConfirmRemove(true)}>
                Remove key
              </Button>
            ) : null}
          </div>
          <TextField label="Sender ID" autoComplete="off" hint={senderHint} error={errors.senderId?.message} {...register('senderId')} />
        </div>

        <fieldset className="min-w-0">
          <legend className="text-sm font-semibold text-slate-900">Events sent by SMS and WhatsApp</legend>
          <p className="mt-0.5 text-sm text-slate-600">Email goes as before; these channels go beside it.</p>
          {forSchool ? (
            <label className="mt-3 flex items-start gap-2.5 text-sm text-slate-800">
              <input type="checkbox" className="mt-0.5 size-4 shrink-0 accent-secondary" {...register('inheritChannels')} />
              <span>Use the organisation’s choices</span>
            </label>
          ) : null}
          {forSchool && inheritChannels && settings.eventChannels !== null ? (
            <p className="mt-3 text-sm text-slate-600">Once saved, your school takes the organisation’s choice of channels for every event.</p>
          ) : (
            <EventChannelsTable
              channels={forSchool && inheritChannels ? effective.eventChannels : channels}
              readOnly={forSchool && inheritChannels}
              onToggle={toggle}
            />
          )}
        </fieldset>

        <div className="flex justify-end">
          <Button type="submit" variant="primary" loading={isSubmitting} loadingText="Saving…">
            Save
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={confirmRemove}
        title="Remove the Termii API key?"
        message={
          forSchool
            ? 'Your school’s messages then go through the organisation’s key if it has one; without any key they are kept in the log, not sent.'
            : 'Without a key, messages are kept in the log and not sent (a school with its own key still sends).'
        }
        confirmLabel="Remove key"
        tone="danger"
        loading={save.isPending}
        onConfirm={() => void removeKey()}
        onCancel={() => setConfirmRemove(false)}
      />
    </>
  );
}

/**
 * The organisation's delivery-report address (messaging.delivery on the server): set in Termii's
 * console as the webhook URL, Termii's reports then mark messages Delivered, or Failed with its reason.
 */
function DeliveryReportAddress({ url }: { url: string }) {
  const hintId = useId();
  const copy = () =>
    void navigator.clipboard?.writeText(url).then(
      () => toast.success('Address copied'),
      () => toast.error('Could not copy; select the address instead.'),
    );
  return (
    <>
      <div className="flex min-w-0 items-center gap-2">
        <input
          readOnly
          value={url}
          aria-label="Delivery report address"
          aria-describedby={hintId}
          onFocus={(e) => e.currentTarget.select()}
          className="min-w-0 flex-1 truncate rounded border border-slate-300 bg-white px-2 py-1 font-mono text-xs text-slate-800"
        />
        <Button type="button" variant="gray" size="sm" onClick={copy}>
          Copy
        </Button>
      </div>
      <p id={hintId} className="mt-1 text-xs text-slate-600">
        Paste it as the webhook URL in your Termii developer console: messages then show as Delivered, or Failed with Termii’s reason. Keep it private.
      </p>
    </>
  );
}

function EventChannelsTable({
  channels,
  readOnly,
  onToggle,
}: {
  channels: EventChannels;
  readOnly: boolean;
  onToggle: (event: (typeof MESSAGE_EVENTS)[number], channel: MessageChannel) => void;
}) {
  return (
    <table className="mt-3 w-full max-w-lg text-sm">
      <caption className="sr-only">{readOnly ? 'The organisation’s channels for each event' : 'Channels for each event'}</caption>
      <thead>
        <tr className="border-b border-slate-200 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <th scope="col" className="py-2 pr-3">
            Event
          </th>
          {MESSAGE_CHANNELS.map((channel) => (
            <th key={channel} scope="col" className="w-20 px-2 py-2 text-center sm:w-24">
              {CHANNEL_LABELS[channel]}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {MESSAGE_EVENTS.map((event) => (
          <tr key={event} className="border-b border-slate-100 last:border-0">
            <th scope="row" className="py-2 pr-3 text-left font-medium text-slate-800">
              {EVENT_LABELS[event]}
            </th>
            {MESSAGE_CHANNELS.map((channel) => (
              <td key={channel} className="px-2 py-1 text-center">
                <input
                  type="checkbox"
                  aria-label={`${EVENT_LABELS[event]} by ${CHANNEL_LABELS[channel]}`}
                  className="size-5 accent-secondary disabled:opacity-60"
                  checked={channels[event].includes(channel)}
                  disabled={readOnly}
                  onChange={() => onToggle(event, channel)}
                />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
