import type { Camera, CameraClip } from '@school/shared/cameras/responses';
import { cameraPlace } from '@school/shared/cameras/schemas';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadError } from '@/components/ui/load-error';
import { Modal } from '@/components/ui/modal';
import { MonthCalendar } from '@/components/ui/month-calendar';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-client';
import { useAddClip, useDeleteClip } from '../api/camera-mutations';
import { useClipDays, useClips } from '../api/get-clips';
import { VideoPlayer } from './camera-player';

const pad = (n: number) => String(n).padStart(2, '0');
/** A picked calendar day as 'YYYY-MM-DD' (the calendar gives local midnight). */
export const dayOf = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

const SLOT_TIME = new Intl.DateTimeFormat('en-NG', { hour: 'numeric', minute: '2-digit', timeZone: 'Africa/Lagos' });
const LONG_DATE = new Intl.DateTimeFormat('en-NG', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The school's clock is Africa/Lagos (UTC+1, no daylight saving): a time typed there as an ISO moment. */
export const lagosMoment = (date: string, time: string) => `${date}T${time}:00+01:00`;

function AddRecordingForm({ cameraId, date }: { cameraId: string; date: string }) {
  const add = useAddClip();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const id = useId();
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const start = String(form.get('start') ?? '');
    const end = String(form.get('end') ?? '');
    setErrors({});
    try {
      await add.mutateAsync({
        cameraId,
        startsAt: start ? lagosMoment(date, start) : '',
        endsAt: end ? lagosMoment(date, end) : '',
        url: String(form.get('url') ?? ''),
      });
      toast.success('Recording added');
      (event.target as HTMLFormElement).reset();
    } catch (error) {
      if (isApiError(error) && error.status === 400 && Object.keys(error.errors).length) setErrors(error.errors);
      else toast.error(error instanceof Error ? error.message : 'The recording could not be added.');
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby={`${id}-title`} className="mt-4 rounded-xl border border-slate-200 p-3.5">
      <h3 id={`${id}-title`} className="mb-2 text-sm font-semibold text-slate-900">
        Add a recording for this day
      </h3>
      <div className="grid gap-3 sm:grid-cols-[8rem_8rem_1fr]">
        <TextField label="Start" name="start" type="time" error={errors.startsAt} />
        <TextField label="End" name="end" type="time" error={errors.endsAt} />
        <TextField label="Recording URL" name="url" type="url" placeholder="https://…" error={errors.url} />
      </div>
      <div className="mt-3 flex justify-end">
        <Button type="submit" size="sm" variant="primary" loading={add.isPending}>
          Add recording
        </Button>
      </div>
    </form>
  );
}

/**
 * The Live dialog: a camera, a calendar whose marked days have recordings, the day's recordings as
 * time-slot buttons (one chosen), and the chosen recording playing with the camera and date.
 */
export function LiveDialog({ open, onClose, cameras, canManage }: { open: boolean; onClose: () => void; cameras: Camera[]; canManage: boolean }) {
  const [cameraId, setCameraId] = useState<string | null>(null);
  const [date, setDate] = useState(() => new Date());
  const [month, setMonth] = useState(() => new Date());
  const [clipId, setClipId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const camera = cameras.find((c) => c.id === cameraId) ?? cameras[0] ?? null;
  const day = dayOf(date);
  const clips = useClips(camera?.id ?? null, day);
  const monthKey = `${month.getFullYear()}-${pad(month.getMonth() + 1)}`;
  const days = useClipDays(camera?.id ?? null, monthKey);
  const remove = useDeleteClip();
  const items = clips.data?.items ?? [];
  const clip: CameraClip | null = items.find((c) => c.id === clipId) ?? items[0] ?? null;

  const events = (days.data?.days ?? []).map((d) => {
    const [y, m, dd] = d.split('-').map(Number);
    return { year: y, month: m, day: dd, title: 'Recordings' };
  });

  return (
    <Modal open={open} onClose={onClose} title="Live" description="Recorded clips of your cameras, by day." size="3xl">
      {cameras.length === 0 ? (
        <p className="text-sm text-slate-600">There are no cameras on this channel to show.</p>
      ) : (
        <div className="grid gap-5 md:grid-cols-[minmax(0,17rem)_1fr]">
          <div>
            <SelectField
              label="Camera"
              value={camera?.id ?? ''}
              onChange={(e) => {
                setCameraId(e.target.value);
                setClipId(null);
              }}
            >
              {cameras.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </SelectField>
            <MonthCalendar
              className="mt-3"
              value={date}
              events={events}
              onChange={(next) => {
                setDate(next);
                setClipId(null);
              }}
              activeStartDate={month}
              onActiveStartDateChange={(next) => setMonth(next)}
            />
            <p className="mt-1 text-xs text-slate-500">A dot marks a day with recordings.</p>
          </div>
          <div className="min-w-0">
            <div role="group" aria-label="Time slots" className="flex flex-wrap gap-2">
              {clips.isPending ? (
                <span className="flex items-center gap-2 text-sm text-slate-600">
                  <Spinner size="sm" /> Loading recordings…
                </span>
              ) : clips.isError ? (
                <span className="text-sm text-red-700">The recordings could not be loaded. {clips.error.message}</span>
              ) : items.length === 0 ? (
                <span className="text-sm text-slate-600">No recordings on this day.</span>
              ) : (
                items.map((c) => (
                  <button
                    key={c.id}
                    type="button"
                    aria-pressed={clip?.id === c.id}
                    onClick={() => setClipId(c.id)}
                    className={`rounded-full border px-3 py-1.5 text-sm font-semibold transition-colors ${
                      clip?.id === c.id ? 'border-secondary bg-secondary text-white' : 'border-slate-300 bg-white text-slate-700 hover:border-secondary'
                    }`}
                  >
                    {SLOT_TIME.format(new Date(c.startsAt))}
                  </button>
                ))
              )}
            </div>
            <div className="mt-4">
              {clip && camera ? (
                <>
                  <VideoPlayer url={clip.url} title={`${camera.name}, ${SLOT_TIME.format(new Date(clip.startsAt))}`} />
                  <div className="mt-2 flex flex-wrap items-start justify-between gap-2">
                    <p className="text-sm text-slate-700">
                      <span className="font-semibold text-slate-900">{camera.name}</span> · {cameraPlace(camera)}
                      <br />
                      {LONG_DATE.format(new Date(`${day}T00:00:00Z`))}, {SLOT_TIME.format(new Date(clip.startsAt))} – {SLOT_TIME.format(new Date(clip.endsAt))}
                    </p>
                    {canManage ? (
                      <>
                        <Button variant="gray" size="sm" onClick={() => setConfirming(true)}>
                          Delete recording
                        </Button>
                        <ConfirmDialog
                          open={confirming}
                          title="Delete this recording?"
                          message="The clip will no longer be listed for this camera. This cannot be undone."
                          confirmLabel="Delete recording"
                          tone="danger"
                          loading={remove.isPending}
                          onCancel={() => setConfirming(false)}
                          onConfirm={async () => {
                            try {
                              await remove.mutateAsync({ cameraId: camera.id, clipId: clip.id });
                              setClipId(null);
                              toast.success('Recording deleted');
                            } catch (error) {
                              toast.error(error instanceof Error ? error.message : 'The recording could not be deleted.');
                            } finally {
                              setConfirming(false);
                            }
                          }}
                        />
                      </>
                    ) : null}
                  </div>
                </>
              ) : (
                <div className="flex aspect-video items-center justify-center rounded-xl bg-slate-100 text-sm text-slate-500">
                  {camera ? `${camera.name} · ${LONG_DATE.format(new Date(`${day}T00:00:00Z`))}` : null}
                </div>
              )}
            </div>
            {canManage && camera ? <AddRecordingForm cameraId={camera.id} date={day} /> : null}
            {days.isError ? (
              <LoadError error={days.error} className="mt-3">
                The calendar marks could not be loaded.
              </LoadError>
            ) : null}
          </div>
        </div>
      )}
    </Modal>
  );
}
