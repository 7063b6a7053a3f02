import type { DirectAdmissionResult } from '@school/shared/admissions/responses';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { CheckCircleIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { AdmissionsTabs } from '../components/admissions-tabs';
import { AdmitStudentForm } from '../components/admit-student-form';
import { InvitationCodes } from '../components/invitation-slips';

function Admitted({ result, onAnother }: { result: DirectAdmissionResult; onAnother: () => void }) {
  return (
    <div className="mx-auto max-w-lg rounded-xl border border-slate-200 bg-white p-6 text-center" role="status">
      <div className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-green-50 text-green-700">
        <CheckCircleIcon size={28} />
      </div>
      <h2 className="text-lg font-bold text-slate-900">{result.name} has been admitted</h2>
      <p className="mt-1 text-sm text-slate-600">
        Into {result.className}, {result.sessionName} session. The registration number is
      </p>
      <p className="my-4 rounded-lg bg-primary-50 px-4 py-3 font-mono text-xl font-bold tracking-wide break-all text-primary" data-testid="registration-number">
        {result.registrationNo}
      </p>
      {result.notes.length ? (
        <ul className="mb-4 space-y-1 text-left text-sm text-slate-600">
          {result.notes.map((note) => (
            <li key={note}>• {note}</li>
          ))}
        </ul>
      ) : null}
      {result.invitations ? (
        <div className="mb-4 text-left">
          <InvitationCodes invitations={result.invitations} />
        </div>
      ) : null}
      <div className="flex flex-col justify-center gap-2 sm:flex-row">
        <Link to={`/admin/records/student-profile/${result.studentId}`} className={buttonClasses({ variant: 'primary' })}>
          Open the student’s profile
        </Link>
        <Button variant="gray" onClick={onAnother}>
          Admit another student
        </Button>
      </div>
    </div>
  );
}

/** admin/admissions/admit: admit a student directly, without an application. */
export function Component() {
  useDocumentTitle('Admit a student');
  const [result, setResult] = useState<DirectAdmissionResult | null>(null);
  const [formKey, setFormKey] = useState(0);
  return (
    <>
      <PageHeader
        title="Admit a student"
        description="Admit a student directly, without an application form. Every field is required unless it says optional."
        actions={
          <Link to="/admin/admissions/import" className={buttonClasses({ variant: 'gray' })}>
            Import from CSV
          </Link>
        }
      />
      <AdmissionsTabs />
      <div className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
        {result ? (
          <Admitted
            result={result}
            onAnother={() => {
              setResult(null);
              setFormKey((k) => k + 1);
            }}
          />
        ) : (
          <AdmitStudentForm key={formKey} onAdmitted={setResult} />
        )}
      </div>
    </>
  );
}
