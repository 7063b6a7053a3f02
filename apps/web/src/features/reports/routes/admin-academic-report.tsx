import type { AcademicReport } from '@school/shared/reports/responses';
import { useState } from 'react';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { schoolReportCsvUrl, useSchoolReport } from '../api/reports-api';
import { BarChart } from '../components/bar-chart';
import { average, count, ONE_SERIES, percent } from '../components/format';
import { Figure, ReportPage, ReportSection, ReportStatus, type SchoolReportScreenProps } from '../components/report-page';
import { ReportTable } from '../components/report-table';
import { TermSelect } from '../components/term-select';

type ClassRow = AcademicReport['classes'][number];

/** admin/reports/attendance-results: each class's attendance rate and class average for a term. */
export function AcademicReportScreen({ schoolId, backTo }: SchoolReportScreenProps) {
  useDocumentTitle('Attendance & Results');
  const [termId, setTermId] = useState<string | undefined>(undefined);
  const report = useSchoolReport('academic', { termId, schoolId });
  const data = report.data;
  return (
    <ReportPage
      title="Attendance & Results"
      description={
        data
          ? `${data.school.name} · ${data.session ? `Session ${data.session.name}` : 'No session selected'}${data.term ? ` · ${data.term.name} term` : ''}`
          : 'Attendance rates and class averages'
      }
      backTo={backTo}
      csvUrl={data ? schoolReportCsvUrl('academic', data, { schoolId }) : undefined}
      printedFor={data ? `${data.school.name} · Attendance & Results · ${data.session?.name ?? ''} ${data.term ? `${data.term.name} term` : ''}` : undefined}
      filters={data && data.terms.length > 0 ? <TermSelect terms={data.terms} value={data.term?.id ?? ''} onChange={setTermId} /> : null}
    >
      {!data ? (
        <ReportStatus query={report} what="attendance and results report" />
      ) : data.classes.length === 0 ? (
        <ReportSection id="classes" title="Classes">
          <p className="text-sm text-slate-600">{data.term ? 'The session has no classes yet.' : 'The selected session has no terms yet.'}</p>
        </ReportSection>
      ) : (
        <>
          <dl className="mb-5 grid grid-cols-1 gap-3 sm:grid-cols-3">
            <Figure label="Attendance rate" value={percent(data.overall.attendanceRate)} detail={`${count(data.overall.registers)} registers taken`} />
            <Figure label="School average" value={average(data.overall.average)} detail="Mean of the students’ term averages" />
            <Figure label="Students" value={count(data.overall.students)} />
          </dl>
          <ReportSection id="attendance-chart" title="Attendance rate per class" description="Present and late over everyone marked on the term’s registers.">
            <BarChart
              title="Attendance rate per class (percent)"
              series={ONE_SERIES('Attendance rate')}
              format={(v) => `${v.toFixed(1)}%`}
              max={100}
              data={data.classes.map((c) => ({
                id: c.classId,
                label: c.className,
                values: [c.attendanceRate ?? 0],
                text: c.attendanceRate === null ? 'No registers' : undefined,
              }))}
            />
          </ReportSection>
          <ReportSection
            id="classes"
            title="Attendance and results per class"
            description="Class average: the mean of the students’ term averages, published or not."
          >
            <ReportTable<ClassRow>
              caption="Attendance rate and class average per class, with the whole school"
              rowKey={(c) => c.classId}
              rows={data.classes}
              columns={[
                { header: 'Class', cell: (c) => c.className },
                { header: 'Students', cell: (c) => count(c.students), numeric: true, wide: true },
                { header: 'Registers', cell: (c) => count(c.registers), numeric: true, wide: true },
                { header: 'Attendance', cell: (c) => percent(c.attendanceRate), numeric: true },
                { header: 'Class Average', cell: (c) => average(c.classAverage), numeric: true },
                { header: 'Published', cell: (c) => (c.published ? 'Yes' : 'No'), wide: true },
              ]}
              footer={[
                'Whole school',
                count(data.overall.students),
                count(data.overall.registers),
                percent(data.overall.attendanceRate),
                average(data.overall.average),
                '',
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
  return <AcademicReportScreen backTo="/admin/reports" />;
}
