import { zodResolver } from '@hookform/resolvers/zod';
import { REFERRAL_NOTIFY_OPTIONS, REFERRAL_TYPES, referralSchema, type ReferralInput, type ReferralValues } from '@school/shared/referrals/schemas';
import type { ReferralCampaign } from '@school/shared/referrals/responses';
import { useId, useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { applyServerErrors } from '@/lib/form-errors';

const FIELDS: ReadonlyArray<Path<ReferralInput>> = ['description', 'date', 'endDate', 'notify', 'referralType', 'points', 'referralCode'];
const EMPTY: ReferralInput = { description: '', date: '', endDate: '', notify: '', referralType: '', points: '', referralCode: '' };

export interface CreateReferralModalProps {
  open: boolean;
  onClose: () => void;
  onSave: (values: ReferralValues) => Promise<ReferralCampaign>;
  onSaved: (campaign: ReferralCampaign) => void;
}

/** The 'Create Referral' modal: a campaign, published on the server before the modal closes. */
export function CreateReferralModal({ open, onClose, onSave, onSaved }: CreateReferralModalProps) {
  const formId = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ReferralInput, unknown, ReferralValues>({ resolver: zodResolver(referralSchema), defaultValues: EMPTY });

  const close = () => {
    if (isSubmitting) return;
    reset(EMPTY);
    setFormError(null);
    onClose();
  };

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const campaign = await onSave(values);
      reset(EMPTY);
      onSaved(campaign);
    } catch (error) {
      setFormError(applyServerErrors(error, setError, FIELDS));
    }
  });

  return (
    <Modal
      open={open}
      onClose={close}
      title="Create Referral"
      description="Applications that use a referrer’s code earn them points; each point is worth the amount below."
      size="lg"
      footer={
        <>
          <Button variant="gray" onClick={close} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="primary" loading={isSubmitting} loadingText="Publishing…">
            Publish
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={onSubmit} aria-label="Create Referral" className="space-y-4">
        {formError ? <Alert>{formError}</Alert> : null}
        <div>
          <label htmlFor={`${formId}-description`} className="field-label">
            Description
          </label>
          <textarea
            id={`${formId}-description`}
            rows={3}
            className="field-input"
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={errors.description ? `${formId}-description-error` : undefined}
            {...register('description')}
          />
          {errors.description ? (
            <p id={`${formId}-description-error`} className="field-error">
              {errors.description.message}
            </p>
          ) : null}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="From" type="date" error={errors.date?.message} {...register('date')} />
          <TextField label="To" type="date" hint="Leave empty for no end date." error={errors.endDate?.message} {...register('endDate')} />
          <SelectField label="Notify" error={errors.notify?.message} hint="Whose parents and students see the campaign." {...register('notify')}>
            <option value="">Select a class</option>
            {REFERRAL_NOTIFY_OPTIONS.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </SelectField>
          <SelectField label="Referral Type" error={errors.referralType?.message} hint="Who may refer." {...register('referralType')}>
            <option value="">Select a type</option>
            {REFERRAL_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </SelectField>
          <TextField
            label="1 point equals"
            inputMode="decimal"
            placeholder="e.g. 500"
            hint="Naira per point."
            error={errors.points?.message}
            {...register('points')}
          />
          <TextField
            label="Referral Code"
            autoComplete="off"
            placeholder="e.g. BFA2024"
            hint="3–20 letters or digits; each referrer’s code starts with it."
            error={errors.referralCode?.message}
            {...register('referralCode')}
          />
        </div>
      </form>
    </Modal>
  );
}
