import type { StudentReport } from '@school/shared/reports/responses';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { schoolReportCsvUrl, useSchoolReport } from '../api/reports-api';
import { BarChart } from '../components/bar-chart';
import { GENDER_SERIES, count } from '../components/format';
import { Figure, ReportPage, ReportSection, ReportStatus, type SchoolReportScreenProps } from '../components/report-page';
import { ReportTable } from '../components/report-table';

type ClassRow = StudentReport['classes'][number];

/** The figures of a school's student report (also used by the super administrator for one school). */
export function StudentReportView({ report }: { report: StudentReport }) {
  return (
    <>
      <dl className="mb-5 grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Figure label="Students" value={count(report.totals.total)} detail={`${count(report.totals.male)} male · ${count(report.totals.female)} female`} />
        <Figure label="New admissions" value={count(report.newAdmissions)} detail="Admitted this session" />
        <Figure
          label="Active"
          value={count(report.statuses.active)}
          detail={`${count(report.statuses.graduated)} graduated · ${count(report.statuses.withdrawn)} withdrawn`}
        />
        <Figure label="Classes" value={count(report.classes.length)} />
      </dl>
      {report.classes.length === 0 ? (
        <ReportSection id="students-by-class" title="Students by class and gender">
          <p className="text-sm text-slate-600">The session has no classes yet.</p>
        </ReportSection>
      ) : (
        <>
          <div className="grid items-start xl:grid-cols-2 xl:gap-5 print:block [&>*]:min-w-0">
            <ReportSection id="students-chart" title="Students per class" description="Male and female students enrolled in each class this session.">
              <BarChart
                title="Students per class by gender"
                series={GENDER_SERIES}
                data={report.classes.map((c) => ({ id: c.classId, label: c.className, values: [c.male, c.female] }))}
              />
            </ReportSection>
            <ReportSection id="students-by-class" title="Students by class and gender">
              <ReportTable<ClassRow>
                caption="Students by class and gender, with the total"
                rowKey={(c) => c.classId}
                rows={report.classes}
                columns={[
                  { header: 'Class', cell: (c) => c.className },
                  { header: 'Male', cell: (c) => count(c.male), numeric: true },
                  { header: 'Female', cell: (c) => count(c.female), numeric: true },
                  { header: 'Total', cell: (c) => count(c.total), numeric: true },
                ]}
                footer={['Total', count(report.totals.male), count(report.totals.female), count(report.totals.total)]}
              />
            </ReportSection>
          </div>
          <ReportSection id="students-status" title="Students by status" description="The session’s students by their status now.">
            <ReportTable<{ status: string; n: number }>
              caption="The session’s students by status"
              rowKey={(r) => r.status}
              rows={[
                { status: 'Active', n: report.statuses.active },
                { status: 'Graduated', n: report.statuses.graduated },
                { status: 'Withdrawn', n: report.statuses.withdrawn },
              ]}
              columns={[
                { header: 'Status', cell: (r) => r.status },
                { header: 'Students', cell: (r) => count(r.n), numeric: true },
              ]}
            />
          </ReportSection>
        </>
      )}
    </>
  );
}

/** admin/reports/student: the school's students of the selected session by class and gender. */
export function StudentReportScreen({ schoolId, backTo }: SchoolReportScreenProps) {
  useDocumentTitle('Student Report');
  const report = useSchoolReport('students', { schoolId });
  const data = report.data;
  return (
    <ReportPage
      title="Student Report"
      description={data ? `${data.school.name} · ${data.session ? `Session ${data.session.name}` : 'No session selected'}` : 'Students by class and gender'}
      backTo={backTo}
      csvUrl={data ? schoolReportCsvUrl('students', data, { schoolId }) : undefined}
      printedFor={data ? `${data.school.name} · Student Report · ${data.session?.name ?? ''}` : undefined}
    >
      {data ? <StudentReportView report={data} /> : <ReportStatus query={report} what="student report" />}
    </ReportPage>
  );
}

/** The administrator's own school. */
export function Component() {
  return <StudentReportScreen backTo="/admin/reports" />;
}
