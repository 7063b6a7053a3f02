import { STAFF_TYPES } from '@school/shared/constants';
import type { OrganisationStaffReport } from '@school/shared/reports/responses';
import { useState } from 'react';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { organisationReportCsvUrl, useOrganisationOptions, useOrganisationReport } from '../api/reports-api';
import { BarChart } from '../components/bar-chart';
import { count } from '../components/format';
import { defaultChoice, OrganisationFilters, type OrganisationChoice } from '../components/organisation-filters';
import { Figure, ReportPage, ReportSection, ReportStatus } from '../components/report-page';
import { ReportTable } from '../components/report-table';

type SchoolRow = OrganisationStaffReport['schools'][number];

const STATUS_SERIES = [
  { key: 'active', label: 'Active', fill: 'fill-secondary', swatch: 'bg-secondary' },
  { key: 'inactive', label: 'Inactive', fill: 'fill-slate-400', swatch: 'bg-slate-400' },
];

/** super-admin/reports/staff: each school's staff by type. */
export function Component() {
  useDocumentTitle('Staff Report');
  const options = useOrganisationOptions();
  const [choice, setChoice] = useState<OrganisationChoice | null>(null);
  const current = choice ?? (options.data ? defaultChoice(options.data) : null);
  const params = { schoolId: current?.schoolId };
  const report = useOrganisationReport('staff', params, Boolean(current));
  const data = report.data;
  return (
    <ReportPage
      title="Staff Report"
      description="Staff of your schools by type; the type columns count active staff."
      backTo="/super-admin/reports"
      csvUrl={data ? organisationReportCsvUrl('staff', params) : undefined}
      printedFor={data ? 'Staff Report' : undefined}
      filters={options.data && current ? <OrganisationFilters options={options.data} value={current} onChange={setChoice} session={false} /> : null}
    >
      {options.isError || options.isPending ? (
        <ReportStatus query={options} what="your schools" />
      ) : !data ? (
        <ReportStatus query={report} what="staff report" />
      ) : (
        <>
          <dl className="mb-5 grid grid-cols-1 gap-3 sm:grid-cols-3">
            <Figure label="Staff" value={count(data.totals.total)} />
            <Figure label="Active" value={count(data.totals.active)} />
            <Figure label="Inactive" value={count(data.totals.inactive)} />
          </dl>
          <ReportSection id="staff-chart" title="Staff per school">
            <BarChart
              title="Staff per school, active and inactive"
              series={STATUS_SERIES}
              data={data.schools.map((s) => ({ id: s.schoolId, label: s.schoolName, values: [s.active, s.inactive] }))}
            />
          </ReportSection>
          <ReportSection id="staff-by-school" title="Staff by school and type">
            <ReportTable<SchoolRow>
              caption="Active staff of each school by type, and every school's active, inactive and total staff"
              rowKey={(s) => s.schoolId}
              rows={data.schools}
              empty="No schools yet"
              columns={[
                { header: 'School', cell: (s) => s.schoolName },
                ...STAFF_TYPES.map((t) => ({ header: t, cell: (s: SchoolRow) => count(s.byType[t]), numeric: true, wide: true })),
                { header: 'Active', cell: (s) => count(s.active), numeric: true },
                { header: 'Inactive', cell: (s) => count(s.inactive), numeric: true },
                { header: 'Total', cell: (s) => count(s.total), numeric: true },
              ]}
              footer={[
                'All schools',
                ...STAFF_TYPES.map((t) => count(data.totals.byType[t])),
                count(data.totals.active),
                count(data.totals.inactive),
                count(data.totals.total),
              ]}
            />
          </ReportSection>
        </>
      )}
    </ReportPage>
  );
}
