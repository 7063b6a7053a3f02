import type { StudentListItem } from '@school/shared/students/responses';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { PageSpinner, Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { api } from '@/lib/api-client';
import { useTranscript } from '../api/records';
import { StudentTermTable } from '../components/student-term-table';
import { formatMark, formatPosition } from '../lib/format';

function StudentPicker({ onPick }: { onPick: (id: string) => void }) {
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim(), 250);
  const listId = useId();
  const found = useQuery({
    queryKey: ['results', 'transcript-search', term],
    queryFn: () => api.get<{ items: StudentListItem[] }>(`/api/students?${new URLSearchParams({ search: term, pageSize: '10' })}`),
    enabled: term.length >= 2,
  });
  return (
    <div className="mb-6 max-w-xl print:hidden">
      <TextField
        label="Find a student"
        placeholder="Name or admission number"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        aria-controls={listId}
      />
      <div id={listId} className="mt-2">
        {term.length < 2 ? (
          <p className="text-sm text-slate-500">Type at least two letters of the name or admission number.</p>
        ) : found.isPending ? (
          <Spinner size="sm" label="Searching" />
        ) : found.isError ? (
          <Alert>{found.error.message}</Alert>
        ) : found.data.items.length === 0 ? (
          <p className="text-sm text-slate-600">No student matches “{term}”.</p>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
            {found.data.items.map((s) => (
              <li key={s.id}>
                <button
                  type="button"
                  onClick={() => onPick(s.id)}
                  className="flex w-full items-center justify-between gap-3 px-3 py-2 text-left text-sm hover:bg-slate-50 focus-visible:bg-slate-50"
                >
                  <span className="font-medium text-slate-900">{s.name}</span>
                  <span className="text-slate-500">
                    {s.registrationNo}
                    {s.className ? ` · ${s.className}` : ''}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

/** admin/records/transcript: a student's results over every session and term, printable. */
export function Component() {
  useDocumentTitle('Transcript');
  const [params, setParams] = useSearchParams();
  const studentId = params.get('studentId');
  const transcript = useTranscript(studentId);
  return (
    <>
      <PageHeader
        title="Transcript"
        description="A student's results over every session: each term's scores, grades, average and position."
        actions={
          transcript.data ? (
            <Button variant="gray" className="print:hidden" onClick={() => window.print()}>
              Print
            </Button>
          ) : null
        }
      />
      <StudentPicker onPick={(id) => setParams(new URLSearchParams({ studentId: id }))} />
      {!studentId ? (
        <EmptyState title="Choose a student" description="Search by name or admission number to see their transcript." />
      ) : transcript.isPending ? (
        <PageSpinner label="Loading the transcript" />
      ) : transcript.isError ? (
        <Alert>{transcript.error.message}</Alert>
      ) : (
        <article aria-labelledby="transcript-name">
          <header className="mb-4">
            <h2 id="transcript-name" className="text-lg font-bold text-slate-900">
              {transcript.data.name}
            </h2>
            {transcript.data.admissionNumber ? <p className="text-sm text-slate-600">Admission number {transcript.data.admissionNumber}</p> : null}
          </header>
          {transcript.data.sessions.length === 0 ? (
            <EmptyState title="No results yet" description="This student has no scores in any term." />
          ) : (
            transcript.data.sessions.map((session) => (
              <section key={session.sessionName} className="mb-8 break-inside-avoid-page" aria-label={`${session.sessionName} session`}>
                <h3 className="mb-1 text-base font-semibold text-slate-900">
                  {session.sessionName} · {session.className}
                </h3>
                <p className="mb-3 text-sm text-slate-600">Cumulative average: {formatMark(session.cumulativeAverage)}</p>
                {session.terms.map((term) => (
                  <div key={term.termId} className="mb-5 break-inside-avoid">
                    <h4 className="mb-2 text-sm font-semibold text-slate-800">
                      {term.termName} term — total {formatMark(term.total)}, average {formatMark(term.average)}, position{' '}
                      {term.position === null ? '—' : `${formatPosition(term.position)} of ${term.studentCount}`}
                      {term.published ? '' : ' (not published)'}
                    </h4>
                    <StudentTermTable term={term} />
                  </div>
                ))}
              </section>
            ))
          )}
        </article>
      )}
    </>
  );
}
