import { zodResolver } from '@hookform/resolvers/zod';
import type { CameraRef } from '@school/shared/cameras/responses';
import {
  CAMERA_LIMITS,
  CAMERA_LOCATIONS,
  CAMERA_VIEWER_ROLES,
  cameraSchema,
  SOURCE_LABELS,
  type CameraInput,
  type CameraValues,
} from '@school/shared/cameras/schemas';
import { ROLE_LABELS } from '@school/shared/auth/roles';
import { CAMERA_CHANNEL_TYPES, type CameraChannelType } from '@school/shared/constants';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { applyServerErrors } from '@/lib/form-errors';
import { channelLabel } from './camera-tiles';

const FIELDS = ['name', 'modelCode', 'cameraModel', 'schoolIds', 'location', 'specifyLocation', 'channelType', 'source', 'roles'] as const;

export const EMPTY_CAMERA: CameraInput = {
  name: '',
  modelCode: '',
  cameraModel: '',
  schoolIds: [],
  location: '' as CameraInput['location'],
  specifyLocation: '',
  channelType: 'Live',
  source: '',
  roles: ['admin'],
};

const SOURCE_HINTS: Record<CameraChannelType, string> = {
  Live: 'The camera’s or recorder’s HLS address (ending in .m3u8), starting with http:// or https://.',
  Youtube: 'A youtube.com or youtu.be link, or the 11-character video ID.',
  Vimeo: 'A vimeo.com link or the numeric video ID.',
  Zoom: 'A zoom.us/j/… meeting link or the 9 to 11 digit meeting ID.',
};

function CheckboxGroup({ legend, error, hint, children }: { legend: string; error?: string; hint?: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <fieldset aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined} aria-invalid={error ? true : undefined}>
      <legend className="field-label">{legend}</legend>
      <div className="flex flex-wrap gap-x-5 gap-y-2 rounded-lg border border-slate-300 px-3 py-2.5">{children}</div>
      {hint && !error ? (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The Camera Channel Setup form, validated by its own shared schema. */
export function CameraForm({
  schools,
  defaultValues = EMPTY_CAMERA,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  schools: CameraRef[];
  defaultValues?: CameraInput;
  submitLabel: string;
  onSubmit: (values: CameraValues) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<CameraInput, unknown, CameraValues>({ resolver: zodResolver(cameraSchema), defaultValues });
  const location = useWatch({ control, name: 'location' });
  const channelType = (useWatch({ control, name: 'channelType' }) || 'Live') as CameraChannelType;

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onSubmit(values);
    } catch (error) {
      setFormError(applyServerErrors(error, setError, FIELDS));
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {formError ? <Alert>{formError}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Name of Camera" autoComplete="off" maxLength={CAMERA_LIMITS.nameMaxLength} error={errors.name?.message} {...register('name')} />
        <TextField label="Model Code or QR Code" autoComplete="off" error={errors.modelCode?.message} {...register('modelCode')} />
        <TextField label="Camera Model" autoComplete="off" error={errors.cameraModel?.message} {...register('cameraModel')} />
        <SelectField label="Channel" error={errors.channelType?.message} defaultValue={defaultValues.channelType} {...register('channelType')}>
          {CAMERA_CHANNEL_TYPES.map((type) => (
            <option key={type} value={type}>
              {channelLabel(type)}
            </option>
          ))}
        </SelectField>
      </div>
      <TextField
        label={SOURCE_LABELS[channelType]}
        autoComplete="off"
        hint={SOURCE_HINTS[channelType]}
        error={errors.source?.message}
        {...register('source')}
      />
      <CheckboxGroup
        legend="Assign Permission to"
        error={errors.schoolIds?.message ?? errors.schoolIds?.root?.message}
        hint="The schools whose staff may see this camera."
      >
        {schools.map((school) => (
          <label key={school.id} className="flex items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" value={school.id} className="size-4 accent-secondary" {...register('schoolIds')} />
            {school.name}
          </label>
        ))}
      </CheckboxGroup>
      <CheckboxGroup
        legend="Who may watch"
        error={errors.roles?.message ?? errors.roles?.root?.message}
        hint="The roles of those schools that see it (the permission matrix must also let them view Security). You always see every camera."
      >
        {CAMERA_VIEWER_ROLES.map((role) => (
          <label key={role} className="flex items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" value={role} className="size-4 accent-secondary" {...register('roles')} />
            {ROLE_LABELS[role]}
          </label>
        ))}
      </CheckboxGroup>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Location" error={errors.location?.message} defaultValue={defaultValues.location} {...register('location')}>
          <option value="">Choose a location</option>
          {CAMERA_LOCATIONS.map((l) => (
            <option key={l} value={l}>
              {l}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Specify Location"
          autoComplete="off"
          hint={location === 'Other' ? 'Required when the location is Other.' : 'Optional, e.g. JSS 1 A or the back gate.'}
          error={errors.specifyLocation?.message}
          {...register('specifyLocation')}
        />
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        {onCancel ? (
          <Button variant="gray" onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" variant="primary" loading={isSubmitting} loadingText="Saving…">
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
