import type { ApplicationSubmitted, SerialCodeCheckResult } from '@school/shared/admissions/responses';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { buttonClasses } from '@/components/ui/button';
import { CheckCircleIcon } from '@/components/ui/icons';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { ApplicationForm } from '../components/application-form';
import { clearApplicationToken, readApplicationToken } from '../lib/application-token';

function isCheckResult(value: unknown): value is SerialCodeCheckResult {
  return typeof value === 'object' && value !== null && typeof (value as SerialCodeCheckResult).token === 'string';
}

/** /auth/application: the school's application form, opened by a serial code. */
export function Component() {
  useDocumentTitle('Application form');
  const location = useLocation();
  const [opened] = useState(() => (isCheckResult(location.state) ? location.state : readApplicationToken()));
  const [submitted, setSubmitted] = useState<ApplicationSubmitted | null>(null);

  if (submitted) {
    return (
      <div className="text-center" role="status">
        <div className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-green-50 text-green-700">
          <CheckCircleIcon size={28} />
        </div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Application submitted</h1>
        <p className="mt-2 text-sm text-slate-600">
          {submitted.schoolName} has received the application of {submitted.name}. Your registration number is
        </p>
        <p className="my-4 rounded-lg bg-primary-50 px-4 py-3 font-mono text-xl font-bold tracking-wide text-primary" data-testid="registration-number">
          {submitted.registrationNo}
        </p>
        <p className="text-sm text-slate-600">Please write it down: quote it in any enquiry. We have also sent it to the guardian’s email address.</p>
        <Link to="/" className={buttonClasses({ variant: 'gray', className: 'mt-6' })}>
          Back to the home page
        </Link>
      </div>
    );
  }

  if (!opened) {
    return (
      <>
        <h1 className="mb-4 text-2xl font-bold tracking-tight text-slate-900">Application form</h1>
        <Alert tone="info">The application form opens after you enter a valid serial code, and stays open for two hours.</Alert>
        <Link to="/auth/serial-code" className={buttonClasses({ variant: 'primary', size: 'lg', fullWidth: true, className: 'mt-5' })}>
          Enter your serial code
        </Link>
      </>
    );
  }

  return (
    <>
      <div className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Application form</h1>
        <p className="mt-1.5 text-sm text-slate-600">
          Applying to <strong className="font-semibold text-slate-800">{opened.schoolName}</strong>. Every field is required unless it says optional.
        </p>
      </div>
      <ApplicationForm
        token={opened.token}
        onSubmitted={(result) => {
          clearApplicationToken();
          setSubmitted(result);
          window.scrollTo({ top: 0 });
        }}
      />
    </>
  );
}
