import type { FinancialReport } from '@school/shared/reports/responses';
import { useState } from 'react';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { schoolReportCsvUrl, useSchoolReport } from '../api/reports-api';
import { BarChart } from '../components/bar-chart';
import { count, FEES_SERIES, naira } from '../components/format';
import { Figure, ReportPage, ReportSection, ReportStatus, type SchoolReportScreenProps } from '../components/report-page';
import { ReportTable } from '../components/report-table';
import { TermSelect } from '../components/term-select';

type ClassRow = FinancialReport['classes'][number];

/** admin/reports/financial: fees expected, collected and outstanding per class for a term. */
export function FinancialReportScreen({ schoolId, backTo }: SchoolReportScreenProps) {
  useDocumentTitle('Financial Report');
  const [termId, setTermId] = useState<string | undefined>(undefined);
  const report = useSchoolReport('financial', { termId, schoolId });
  const data = report.data;
  return (
    <ReportPage
      title="Financial Report"
      description={
        data
          ? `${data.school.name} · ${data.session ? `Session ${data.session.name}` : 'No session selected'}${data.term ? ` · ${data.term.name} term` : ''}`
          : 'Fees expected, collected and outstanding'
      }
      backTo={backTo}
      csvUrl={data ? schoolReportCsvUrl('financial', data, { schoolId }) : undefined}
      printedFor={data ? `${data.school.name} · Financial Report · ${data.session?.name ?? ''} ${data.term ? `${data.term.name} term` : ''}` : undefined}
      filters={data && data.terms.length > 0 ? <TermSelect terms={data.terms} value={data.term?.id ?? ''} onChange={setTermId} /> : null}
    >
      {!data ? (
        <ReportStatus query={report} what="financial report" />
      ) : !data.term ? (
        <ReportSection id="fees" title="Fees per class">
          <p className="text-sm text-slate-600">The selected session has no terms yet.</p>
        </ReportSection>
      ) : (
        <>
          <dl className="mb-5 grid grid-cols-1 gap-3 sm:grid-cols-3">
            <Figure label="Expected" value={naira(data.totals.expectedKobo)} detail={`${count(data.totals.invoices)} invoices`} />
            <Figure label="Collected" value={naira(data.totals.collectedKobo)} />
            <Figure label="Outstanding" value={naira(data.totals.outstandingKobo)} />
          </dl>
          {data.classes.length === 0 ? (
            <ReportSection id="fees" title="Fees per class">
              <p className="text-sm text-slate-600">No invoices have been made for the {data.term.name} term yet. Generate them under Finance.</p>
            </ReportSection>
          ) : (
            <>
              <div className="grid items-start xl:grid-cols-2 xl:gap-5 print:block [&>*]:min-w-0">
                <ReportSection id="fees-chart" title="Collected and outstanding per class">
                  <BarChart
                    title="Fees collected and outstanding per class"
                    series={FEES_SERIES}
                    format={naira}
                    barWidth={60}
                    data={data.classes.map((c) => ({
                      id: c.classId,
                      label: c.className,
                      values: [Math.min(c.collectedKobo, c.expectedKobo), c.outstandingKobo],
                    }))}
                  />
                </ReportSection>
                <ReportSection
                  id="fees"
                  title="Fees per class"
                  description="Expected: the invoices’ fees less discounts. Collected: successful payments. Outstanding: what the invoices still owe."
                >
                  <ReportTable<ClassRow>
                    caption="Fees expected, collected and outstanding per class, with the total"
                    rowKey={(c) => c.classId}
                    rows={data.classes}
                    columns={[
                      { header: 'Class', cell: (c) => c.className },
                      { header: 'Invoices', cell: (c) => count(c.invoices), numeric: true, wide: true },
                      { header: 'Expected', cell: (c) => naira(c.expectedKobo), numeric: true },
                      { header: 'Collected', cell: (c) => naira(c.collectedKobo), numeric: true },
                      { header: 'Outstanding', cell: (c) => naira(c.outstandingKobo), numeric: true },
                    ]}
                    footer={[
                      'Total',
                      count(data.totals.invoices),
                      naira(data.totals.expectedKobo),
                      naira(data.totals.collectedKobo),
                      naira(data.totals.outstandingKobo),
                    ]}
                  />
                </ReportSection>
              </div>
            </>
          )}
        </>
      )}
    </ReportPage>
  );
}

/** The administrator's own school. */
export function Component() {
  return <FinancialReportScreen backTo="/admin/reports" />;
}
