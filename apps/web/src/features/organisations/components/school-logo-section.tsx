import { SCHOOL_LOGO_UPLOAD } from '@school/shared/organisations/schemas';
import { useId } from 'react';
import { LoadError } from '@/components/ui/load-error';
import { PictureUpload } from '@/components/ui/picture-upload';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { useRemoveSchoolLogo, useSchoolLogo, useUploadSchoolLogo } from '../api/school-logo';

export interface SchoolLogoSectionProps {
  schoolId: string;
  schoolName: string;
}

/** The school's logo with its loading and error states: upload, replace or remove (the settings page, the owner's schools). */
export function SchoolLogoControl({ schoolId, schoolName }: SchoolLogoSectionProps) {
  const logo = useSchoolLogo(schoolId);
  const upload = useUploadSchoolLogo();
  const remove = useRemoveSchoolLogo();
  if (logo.isError) return <LoadError error={logo.error}>We could not load the logo. {logo.error.message}</LoadError>;
  if (logo.isPending) return <Spinner label="Loading" />;
  return (
    <PictureUpload
      label="Logo"
      alt={`Logo of ${schoolName}`}
      currentUrl={logo.data.logoUrl}
      maxBytes={SCHOOL_LOGO_UPLOAD.maxBytes}
      mimeTypes={SCHOOL_LOGO_UPLOAD.mimeTypes}
      onUpload={async (file) => {
        await upload.mutateAsync({ schoolId, file });
        toast.success(`The logo of ${schoolName} was uploaded`);
      }}
      onRemove={async () => {
        await remove.mutateAsync({ schoolId });
        toast.success(`The logo of ${schoolName} was removed`);
      }}
    />
  );
}

/** The school's logo, printed at the top left of its report cards. */
export function SchoolLogoSection(props: SchoolLogoSectionProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5 md:p-6">
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        School logo
      </h2>
      <p className="mt-1 max-w-2xl text-sm text-slate-600">Printed at the top of every report card, on screen and in the PDFs.</p>
      <div className="mt-4">
        <SchoolLogoControl {...props} />
      </div>
    </section>
  );
}
