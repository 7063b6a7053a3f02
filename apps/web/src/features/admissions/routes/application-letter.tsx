import type { AdmissionLetter } from '@school/shared/admissions/responses';
import { schoolPlace } from '@school/shared/schools/place';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { DownloadIcon, PrinterIcon } from '@/components/ui/icons';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { PrintSheet } from '@/components/ui/print-sheet';
import { PageSpinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { letterPdfUrl, useAdmissionLetter } from '../api/get-application';
import { useApplications } from '../api/get-applications';
import { AdmissionsTabs } from '../components/admissions-tabs';
import { formatLongDate } from '../lib/format';

/** The letter as it prints: school header, date, reference, the offer and the sign-off. */
export function Letter({ letter }: { letter: AdmissionLetter }) {
  const place = schoolPlace(letter.school);
  const contact = [letter.school.phone, letter.school.email].filter(Boolean).join(' · ');
  return (
    <article className="mx-auto max-w-[46rem] bg-white px-6 py-8 text-[15px] leading-relaxed text-slate-900 sm:px-12 sm:py-12" aria-label="Admission letter">
      <header className="border-b-2 border-primary pb-4 text-center">
        <h2 className="text-2xl font-bold tracking-tight text-primary uppercase">{letter.school.name}</h2>
        {place ? <p className="mt-1 text-sm text-slate-600">{place}</p> : null}
        {contact ? <p className="text-sm text-slate-600">{contact}</p> : null}
      </header>
      <h3 className="mt-6 text-center text-lg font-bold tracking-wide">LETTER OF ADMISSION</h3>
      <div className="mt-6 space-y-0.5 text-sm">
        <p>Date: {formatLongDate(letter.date)}</p>
        <p>Registration number: {letter.registrationNo}</p>
      </div>
      <p className="mt-6">Dear {letter.guardianName ?? 'Parent/Guardian'},</p>
      <p className="mt-3">
        We are pleased to inform you that <strong>{letter.name}</strong> has been offered admission into <strong>{letter.className}</strong> of{' '}
        {letter.school.name} for the <strong>{letter.sessionName}</strong> academic session.
      </p>
      <p className="mt-3">
        Please quote the registration number {letter.registrationNo} in all correspondence and payments. An invitation to the school’s portal has been sent to
        the guardian’s email address, where fees, results and notices can be followed.
      </p>
      <p className="mt-3">Congratulations, and welcome to our school.</p>
      <p className="mt-8">Yours faithfully,</p>
      <p className="mt-10 font-semibold">The Admissions Office</p>
      <p>{letter.school.name}</p>
    </article>
  );
}

function LetterOf({ id }: { id: string }) {
  const letter = useAdmissionLetter(id);
  if (letter.isPending) return <PageSpinner label="Loading the letter" />;
  if (letter.isError) {
    return (
      <Alert>
        <p>{letter.error.message}</p>
        <Link to="/admin/admissions/application-letter" className="mt-1 inline-block font-semibold underline">
          Choose an admitted applicant
        </Link>
      </Alert>
    );
  }
  return (
    <>
      <div className="no-print mb-4 flex flex-wrap gap-2">
        <Button variant="primary" icon={<PrinterIcon size={18} />} onClick={() => window.print()}>
          Print
        </Button>
        <a href={letterPdfUrl(id)} target="_blank" rel="noopener" className={buttonClasses({ variant: 'gray' })}>
          <DownloadIcon size={18} /> Download PDF
        </a>
        <Link to="/admin/admissions/application-letter" className={buttonClasses({ variant: 'transparent' })}>
          Choose another applicant
        </Link>
      </div>
      <div className="overflow-hidden rounded-xl border border-slate-200 shadow-sm">
        <Letter letter={letter.data} />
      </div>
      <PrintSheet>
        <Letter letter={letter.data} />
      </PrintSheet>
    </>
  );
}

function ChooseApplicant() {
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), 300);
  const list = useApplications({ status: 'Accepted', search: debounced || undefined, page: 1, pageSize: 20 });
  const items = list.data?.items ?? [];
  return (
    <div className="max-w-2xl space-y-4">
      <TextField
        label="Find an admitted applicant"
        type="search"
        placeholder="Name or registration number"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      {list.isPending ? (
        <PageSpinner label="Loading admitted applicants" />
      ) : list.isError ? (
        <LoadError error={list.error}>We could not load the admitted applicants. {list.error.message}</LoadError>
      ) : items.length === 0 ? (
        <EmptyState
          title={debounced ? 'No admitted applicant matches' : 'No admitted applicants yet'}
          description="Admission letters are for accepted applicants. Accept applications under New Enrollment first."
        />
      ) : (
        <ul className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white">
          {items.map((a) => (
            <li key={a.id}>
              <Link to={`?id=${a.id}`} className="flex items-center justify-between gap-3 px-4 py-3 hover:bg-primary-50">
                <span className="min-w-0">
                  <span className="block font-semibold text-slate-900">{a.name}</span>
                  <span className="block font-mono text-xs text-slate-600">{a.registrationNo}</span>
                </span>
                <span className="text-sm whitespace-nowrap text-slate-600">{a.className ?? a.classLevel}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** admin/admissions/application-letter: the printable admission letter of an accepted applicant. */
export function Component() {
  useDocumentTitle('Application Letter');
  const [params] = useSearchParams();
  const id = params.get('id');
  return (
    <>
      <div className="no-print">
        <PageHeader title="Application Letter" description="The admission letter of an accepted applicant, to print or download as a PDF." />
        <AdmissionsTabs />
      </div>
      {id ? <LetterOf id={id} /> : <ChooseApplicant />}
    </>
  );
}
