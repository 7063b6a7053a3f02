import type { StudentDetail } from '@school/shared/students/responses';
import { STUDENT_STATUS_LABELS } from '@school/shared/students/schemas';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { initials } from '@/lib/format';
import { capitalise, formatDate, formatNaira } from '@/lib/format';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm font-medium break-words text-slate-900">{children || <span className="text-slate-400">Not given</span>}</dd>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** Where each summary leads on, for the viewer's role (omitted: no link). */
export interface SummaryLinks {
  attendance?: string;
  results?: string;
  fees?: string;
}

function SummaryItem({ title, to, children }: { title: string; to?: string; children: ReactNode }) {
  return (
    <li className="flex items-start justify-between gap-3">
      <div className="min-w-0">
        <p className="text-sm font-medium text-slate-900">{title}</p>
        <p className="text-sm text-slate-600">{children}</p>
      </div>
      {to ? (
        <Link to={to} className="shrink-0 text-sm font-semibold text-secondary hover:underline" aria-label={`${title}: details`}>
          Details
        </Link>
      ) : null}
    </li>
  );
}

function Summaries({ summary, links = {} }: { summary: StudentDetail['summary']; links?: SummaryLinks }) {
  const { attendance, results, fees } = summary;
  return (
    <ul className="space-y-3">
      <SummaryItem title="Attendance" to={links.attendance}>
        {attendance
          ? attendance.rate !== null
            ? `${attendance.termName} term: present ${attendance.present} of ${attendance.daysOpen} days (${attendance.rate}%)`
            : `${attendance.termName} term: no register taken yet`
          : 'No current term'}
      </SummaryItem>
      <SummaryItem title="Results" to={links.results}>
        {results
          ? `${results.termName} term ${results.sessionName}: average ${results.average === null ? '—' : results.average.toFixed(2)}${
              results.position === null ? '' : `, position ${results.position} of ${results.studentCount}`
            }`
          : 'No published results yet'}
      </SummaryItem>
      <SummaryItem title="School fees" to={links.fees}>
        {fees
          ? fees.outstandingKobo > 0
            ? `${formatNaira(fees.outstandingKobo)} outstanding of ${formatNaira(fees.dueKobo)}`
            : `Paid in full (${formatNaira(fees.paidKobo)})${fees.creditKobo > 0 ? `, ${formatNaira(fees.creditKobo)} in credit` : ''}`
          : 'No invoices yet'}
      </SummaryItem>
    </ul>
  );
}

/** The read-only profile: header, personal details, guardians, class history and the attendance, results and fees summaries. */
export function StudentProfileView({
  student: s,
  actions,
  footer,
  summaryLinks,
}: {
  student: StudentDetail;
  actions?: ReactNode;
  footer?: ReactNode;
  summaryLinks?: SummaryLinks;
}) {
  return (
    <div className="space-y-5">
      <section className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:p-6">
        <div aria-hidden className="flex size-16 shrink-0 items-center justify-center rounded-full bg-primary-50 text-xl font-bold text-secondary">
          {initials(s.name)}
        </div>
        <div className="min-w-0 flex-1">
          <h1 className="text-xl font-bold tracking-tight break-words text-slate-900 md:text-2xl">{s.name}</h1>
          <p className="mt-0.5 text-sm text-slate-600">
            {s.registrationNo}
            {s.currentClass ? ` · ${s.currentClass.name}` : ' · No class this session'}
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            <Badge status={STUDENT_STATUS_LABELS[s.status] ?? s.status} />
          </div>
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </section>

      <div className="grid items-start gap-5 lg:grid-cols-2">
        <Section title="Personal details">
          <dl className="grid gap-4 sm:grid-cols-2">
            <Item label="First name">{s.firstName}</Item>
            <Item label="Middle name">{s.middleName}</Item>
            <Item label="Last name">{s.lastName}</Item>
            <Item label="Gender">{capitalise(s.gender)}</Item>
            <Item label="Date of birth">{formatDate(s.dateOfBirth)}</Item>
            <Item label="State of origin">{s.stateOfOrigin}</Item>
            <Item label="Address">{s.address}</Item>
            <Item label="Admitted on">{formatDate(s.admittedOn)}</Item>
          </dl>
        </Section>
        <Section title="Guardians">
          {s.guardians.length ? (
            <ul className="divide-y divide-slate-100">
              {s.guardians.map((g) => (
                <li key={g.id} className="py-3 first:pt-0 last:pb-0">
                  <p className="font-medium text-slate-900">
                    {g.name} <span className="font-normal text-slate-600">({capitalise(g.relationship)})</span>
                  </p>
                  <p className="text-sm break-words text-slate-600">{[g.phone, g.email].filter(Boolean).join(' · ') || 'No contact details'}</p>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-600">No guardian is recorded.</p>
          )}
        </Section>
        <Section title="Class history">
          {s.classHistory.length ? (
            <table className="w-full text-left text-sm">
              <thead>
                <tr className="text-slate-500">
                  <th scope="col" className="pb-2 font-normal">
                    Session
                  </th>
                  <th scope="col" className="pb-2 font-normal">
                    Class
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {s.classHistory.map((e) => (
                  <tr key={e.academicSessionId}>
                    <td className="py-2 font-medium text-slate-900">{e.academicSessionName}</td>
                    <td className="py-2 text-slate-900">{e.className}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p className="text-sm text-slate-600">Not enrolled in any class yet.</p>
          )}
        </Section>
        <Section title="Summary">
          <Summaries summary={s.summary} links={summaryLinks} />
        </Section>
      </div>
      {footer}
    </div>
  );
}
