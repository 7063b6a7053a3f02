import type { StaffReport } from '@school/shared/reports/responses';
import { Badge } from '@/components/ui/badge';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { schoolReportCsvUrl, useSchoolReport } from '../api/reports-api';
import { BarChart } from '../components/bar-chart';
import { count } from '../components/format';
import { Figure, ReportPage, ReportSection, ReportStatus, type SchoolReportScreenProps } from '../components/report-page';
import { ReportTable } from '../components/report-table';

type TypeRow = StaffReport['types'][number];
type TeacherRow = StaffReport['teachers'][number];

const STATUS_SERIES = [
  { key: 'active', label: 'Active', fill: 'fill-secondary', swatch: 'bg-secondary' },
  { key: 'inactive', label: 'Inactive', fill: 'fill-slate-400', swatch: 'bg-slate-400' },
];

/** admin/reports/staff: staff by type and status, and each teacher's load in the selected session. */
export function StaffReportScreen({ schoolId, backTo }: SchoolReportScreenProps) {
  useDocumentTitle('Staff Report');
  const report = useSchoolReport('staff', { schoolId });
  const data = report.data;
  return (
    <ReportPage
      title="Staff Report"
      description={
        data ? `${data.school.name} · ${data.session ? `Teaching load for session ${data.session.name}` : 'No session selected'}` : 'Staff by type and status'
      }
      backTo={backTo}
      csvUrl={data ? schoolReportCsvUrl('staff', data, { schoolId }) : undefined}
      printedFor={data ? `${data.school.name} · Staff Report · ${data.session?.name ?? ''}` : undefined}
    >
      {!data ? (
        <ReportStatus query={report} what="staff report" />
      ) : (
        <>
          <dl className="mb-5 grid grid-cols-2 gap-3 lg:grid-cols-4">
            <Figure label="Staff" value={count(data.totals.total)} />
            <Figure label="Active" value={count(data.totals.active)} />
            <Figure label="Inactive" value={count(data.totals.inactive)} />
            <Figure label="Teachers" value={count(data.teachers.filter((t) => t.status === 'active').length)} detail="Active, with or without a class" />
          </dl>
          {data.types.length === 0 ? (
            <ReportSection id="staff-by-type" title="Staff by type">
              <p className="text-sm text-slate-600">No staff have been added yet.</p>
            </ReportSection>
          ) : (
            <>
              <div className="grid items-start xl:grid-cols-2 xl:gap-5 print:block [&>*]:min-w-0">
                <ReportSection id="staff-chart" title="Staff per type">
                  <BarChart
                    title="Staff per type, active and inactive"
                    series={STATUS_SERIES}
                    data={data.types.map((t) => ({ id: t.staffType, label: t.staffType, values: [t.active, t.inactive] }))}
                  />
                </ReportSection>
                <ReportSection id="staff-by-type" title="Staff by type">
                  <ReportTable<TypeRow>
                    caption="Staff by type, active and inactive, with the total"
                    rowKey={(t) => t.staffType}
                    rows={data.types}
                    columns={[
                      { header: 'Staff Type', cell: (t) => t.staffType },
                      { header: 'Active', cell: (t) => count(t.active), numeric: true },
                      { header: 'Inactive', cell: (t) => count(t.inactive), numeric: true },
                      { header: 'Total', cell: (t) => count(t.total), numeric: true },
                    ]}
                    footer={['Total', count(data.totals.active), count(data.totals.inactive), count(data.totals.total)]}
                  />
                </ReportSection>
              </div>
            </>
          )}
          <ReportSection id="teacher-load" title="Teachers’ load" description="Classes each teacher leads and the subjects they teach this session.">
            <ReportTable<TeacherRow>
              caption="Each teacher’s classes and subjects this session"
              rowKey={(t) => t.staffId}
              rows={data.teachers}
              empty="No teachers yet"
              columns={[
                { header: 'Teacher', cell: (t) => t.name },
                { header: 'Status', cell: (t) => <Badge status={t.status === 'active' ? 'Active' : 'Inactive'} />, wide: true },
                { header: 'Class Teacher Of', cell: (t) => t.classTeacherOf.join(', ') || '—', wide: true },
                { header: 'Subjects', cell: (t) => t.subjects.join(', ') || '—' },
                { header: 'Classes Taught', cell: (t) => count(t.classSubjects), numeric: true },
              ]}
            />
          </ReportSection>
        </>
      )}
    </ReportPage>
  );
}

/** The administrator's own school. */
export function Component() {
  return <StaffReportScreen backTo="/admin/reports" />;
}
