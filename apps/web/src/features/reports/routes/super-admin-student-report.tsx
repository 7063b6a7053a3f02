import type { OrganisationStudentReport } from '@school/shared/reports/responses';
import { LEVEL_GROUPS } from '@school/shared/reports/schemas';
import { useState } from 'react';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { organisationReportCsvUrl, useOrganisationOptions, useOrganisationReport } from '../api/reports-api';
import { BarChart } from '../components/bar-chart';
import { count, GENDER_SERIES } from '../components/format';
import { defaultChoice, OrganisationFilters, type OrganisationChoice } from '../components/organisation-filters';
import { Figure, ReportPage, ReportSection, ReportStatus } from '../components/report-page';
import { ReportTable } from '../components/report-table';

type SchoolRow = OrganisationStudentReport['schools'][number];

/** super-admin/reports/student: each school's students of a session by level group and gender. */
export function Component() {
  useDocumentTitle('Student Report');
  const options = useOrganisationOptions();
  const [choice, setChoice] = useState<OrganisationChoice | null>(null);
  const current = choice ?? (options.data ? defaultChoice(options.data) : null);
  const params = { schoolId: current?.schoolId, sessionName: current?.sessionName };
  const report = useOrganisationReport('students', params, Boolean(current));
  const data = report.data;
  return (
    <ReportPage
      title="Student Report"
      description={
        data?.sessionName ? `Students of your schools in session ${data.sessionName}, by level and gender` : 'Students of your schools by level and gender'
      }
      backTo="/super-admin/reports"
      csvUrl={data ? organisationReportCsvUrl('students', params) : undefined}
      printedFor={data ? `Student Report · ${data.sessionName ?? ''}` : undefined}
      filters={options.data && current ? <OrganisationFilters options={options.data} value={current} onChange={setChoice} /> : null}
    >
      {options.isError || options.isPending ? (
        <ReportStatus query={options} what="your schools" />
      ) : !data ? (
        <ReportStatus query={report} what="student report" />
      ) : (
        <>
          <dl className="mb-5 grid grid-cols-2 gap-3 lg:grid-cols-4">
            <Figure label="Students" value={count(data.totals.total)} detail={data.sessionName ? `Enrolled in ${data.sessionName}` : undefined} />
            <Figure label="Male" value={count(data.totals.male)} />
            <Figure label="Female" value={count(data.totals.female)} />
            <Figure label="Schools" value={count(data.schools.length)} detail={`${count(data.schools.filter((x) => x.hasSession).length)} with this session`} />
          </dl>
          <ReportSection id="students-chart" title="Students per school">
            <BarChart
              title="Students per school by gender"
              series={GENDER_SERIES}
              data={data.schools.map((s) => ({ id: s.schoolId, label: s.schoolName, values: [s.male, s.female] }))}
            />
          </ReportSection>
          <ReportSection id="students-by-school" title="Students by school and level" description="A school without the chosen session shows dashes.">
            <ReportTable<SchoolRow>
              caption="Students of each school by level group and gender, with the total"
              rowKey={(s) => s.schoolId}
              rows={data.schools}
              empty="No schools yet"
              columns={[
                { header: 'School', cell: (s) => s.schoolName },
                ...LEVEL_GROUPS.map((g) => ({ header: g, cell: (s: SchoolRow) => (s.hasSession ? count(s.groups[g].total) : '—'), numeric: true, wide: true })),
                { header: 'Male', cell: (s) => (s.hasSession ? count(s.male) : '—'), numeric: true },
                { header: 'Female', cell: (s) => (s.hasSession ? count(s.female) : '—'), numeric: true },
                { header: 'Total', cell: (s) => (s.hasSession ? count(s.total) : '—'), numeric: true },
              ]}
              footer={[
                'All schools',
                ...LEVEL_GROUPS.map((g) => count(data.totals.groups[g].total)),
                count(data.totals.male),
                count(data.totals.female),
                count(data.totals.total),
              ]}
            />
          </ReportSection>
        </>
      )}
    </ReportPage>
  );
}
