import type { OrganisationUsersReport } from '@school/shared/reports/responses';
import { SCHOOL_ROLES } from '@school/shared/reports/schemas';
import { useState } from 'react';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { organisationReportCsvUrl, useOrganisationOptions, useOrganisationReport } from '../api/reports-api';
import { BarChart } from '../components/bar-chart';
import { count } from '../components/format';
import { defaultChoice, OrganisationFilters, type OrganisationChoice } from '../components/organisation-filters';
import { Figure, ReportPage, ReportSection, ReportStatus } from '../components/report-page';
import { ReportTable } from '../components/report-table';

type SchoolRow = OrganisationUsersReport['schools'][number];

const ROLE_LABELS: Record<(typeof SCHOOL_ROLES)[number], string> = { admin: 'Administrators', teacher: 'Teachers', student: 'Students', parent: 'Parents' };

const STATUS_SERIES = [
  { key: 'active', label: 'Active', fill: 'fill-secondary', swatch: 'bg-secondary' },
  { key: 'invited', label: 'Invited', fill: 'fill-sky-500', swatch: 'bg-sky-500' },
  { key: 'disabled', label: 'Disabled', fill: 'fill-slate-400', swatch: 'bg-slate-400' },
];

/** super-admin/reports/users: the organisation's accounts, each school's by role and status. */
export function Component() {
  useDocumentTitle('Users Report');
  const options = useOrganisationOptions();
  const [choice, setChoice] = useState<OrganisationChoice | null>(null);
  const current = choice ?? (options.data ? defaultChoice(options.data) : null);
  const params = { schoolId: current?.schoolId };
  const report = useOrganisationReport('users', params, Boolean(current));
  const data = report.data;
  return (
    <ReportPage
      title="Users Report"
      description="Who can sign in to your schools: accounts by role, and whether they are active, still invited or disabled."
      backTo="/super-admin/reports"
      csvUrl={data ? organisationReportCsvUrl('users', params) : undefined}
      printedFor={data ? 'Users Report' : undefined}
      filters={options.data && current ? <OrganisationFilters options={options.data} value={current} onChange={setChoice} session={false} /> : null}
    >
      {options.isError || options.isPending ? (
        <ReportStatus query={options} what="your schools" />
      ) : !data ? (
        <ReportStatus query={report} what="users report" />
      ) : (
        <>
          <dl className="mb-5 grid grid-cols-2 gap-3 sm:grid-cols-4">
            <Figure label="School accounts" value={count(data.totals.total)} />
            <Figure label="Active" value={count(data.totals.active)} />
            <Figure label="Invited" value={count(data.totals.invited)} />
            <Figure label="Owners" value={count(data.owners.total)} />
          </dl>
          <ReportSection id="users-chart" title="Accounts per school">
            <BarChart
              title="Accounts per school: active, invited and disabled"
              series={STATUS_SERIES}
              data={data.schools.map((s) => ({ id: s.schoolId, label: s.schoolName, values: [s.active, s.invited, s.disabled] }))}
            />
          </ReportSection>
          <ReportSection id="users-by-school" title="Accounts by school and role">
            <ReportTable<SchoolRow>
              caption="Each school's accounts by role (every status), and its active, invited, disabled and total accounts"
              rowKey={(s) => s.schoolId}
              rows={data.schools}
              empty="No schools yet"
              columns={[
                { header: 'School', cell: (s) => s.schoolName },
                ...SCHOOL_ROLES.map((r) => ({ header: ROLE_LABELS[r], cell: (s: SchoolRow) => count(s.byRole[r]), numeric: true })),
                { header: 'Active', cell: (s) => count(s.active), numeric: true },
                { header: 'Invited', cell: (s) => count(s.invited), numeric: true },
                { header: 'Disabled', cell: (s) => count(s.disabled), numeric: true },
                { header: 'Total', cell: (s) => count(s.total), numeric: true },
              ]}
              footer={[
                'All schools',
                ...SCHOOL_ROLES.map((r) => count(data.totals.byRole[r])),
                count(data.totals.active),
                count(data.totals.invited),
                count(data.totals.disabled),
                count(data.totals.total),
              ]}
            />
          </ReportSection>
        </>
      )}
    </ReportPage>
  );
}
