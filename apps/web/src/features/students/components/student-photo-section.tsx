import type { StudentDetail } from '@school/shared/students/responses';
import { STUDENT_PHOTO_UPLOAD } from '@school/shared/students/schemas';
import { useId } from 'react';
import { PictureUpload } from '@/components/ui/picture-upload';
import { toast } from '@/components/ui/toast';
import { useRemoveStudentPhoto, useUploadStudentPhoto } from '../api/student-photo';

/** The student's passport photo, printed at the top right of their report cards: upload, replace or remove. */
export function StudentPhotoSection({ student }: { student: Pick<StudentDetail, 'id' | 'name' | 'photoUrl'> }) {
  const headingId = useId();
  const upload = useUploadStudentPhoto();
  const remove = useRemoveStudentPhoto();
  return (
    <section aria-labelledby={headingId} className="mb-5 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        Passport photo
      </h2>
      <p className="mt-1 max-w-2xl text-sm text-slate-600">
        Printed on the student’s report cards. A head-and-shoulders photo, taller than it is wide, prints best.
      </p>
      <div className="mt-4">
        <PictureUpload
          label="Photo"
          shape="portrait"
          alt={`Passport photo of ${student.name}`}
          currentUrl={student.photoUrl}
          maxBytes={STUDENT_PHOTO_UPLOAD.maxBytes}
          mimeTypes={STUDENT_PHOTO_UPLOAD.mimeTypes}
          onUpload={async (file) => {
            await upload.mutateAsync({ id: student.id, file });
            toast.success(`${student.name}’s photo was uploaded`);
          }}
          onRemove={async () => {
            await remove.mutateAsync({ id: student.id });
            toast.success(`${student.name}’s photo was removed`);
          }}
        />
      </div>
    </section>
  );
}
