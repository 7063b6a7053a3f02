import type { OrganisationFinancialReport } from '@school/shared/reports/responses';
import { useState } from 'react';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { organisationReportCsvUrl, useOrganisationOptions, useOrganisationReport } from '../api/reports-api';
import { BarChart } from '../components/bar-chart';
import { count, FEES_SERIES, naira } from '../components/format';
import { defaultChoice, OrganisationFilters, type OrganisationChoice } from '../components/organisation-filters';
import { Figure, ReportPage, ReportSection, ReportStatus } from '../components/report-page';
import { ReportTable } from '../components/report-table';

type SchoolRow = OrganisationFinancialReport['schools'][number];

/** super-admin/reports/financial: each school's fees for a session and term chosen by name. */
export function Component() {
  useDocumentTitle('Financial Report');
  const options = useOrganisationOptions();
  const [choice, setChoice] = useState<OrganisationChoice | null>(null);
  const current = choice ?? (options.data ? defaultChoice(options.data) : null);
  const params = { schoolId: current?.schoolId, sessionName: current?.sessionName, term: current?.term };
  const report = useOrganisationReport('financial', params, Boolean(current));
  const data = report.data;
  const period = data?.sessionName ? `${data.sessionName}${data.term ? `, ${data.term} term` : ''}` : '';
  return (
    <ReportPage
      title="Financial Report"
      description={period ? `Fees of your schools for ${period}` : 'Fees expected, collected and outstanding of your schools'}
      backTo="/super-admin/reports"
      csvUrl={data ? organisationReportCsvUrl('financial', params) : undefined}
      printedFor={data ? `Financial Report · ${period}` : undefined}
      filters={options.data && current ? <OrganisationFilters options={options.data} value={current} onChange={setChoice} term /> : null}
    >
      {options.isError || options.isPending ? (
        <ReportStatus query={options} what="your schools" />
      ) : !data ? (
        <ReportStatus query={report} what="financial report" />
      ) : (
        <>
          <dl className="mb-5 grid grid-cols-1 gap-3 sm:grid-cols-3">
            <Figure label="Expected" value={naira(data.totals.expectedKobo)} detail={`${count(data.totals.invoices)} invoices`} />
            <Figure label="Collected" value={naira(data.totals.collectedKobo)} />
            <Figure label="Outstanding" value={naira(data.totals.outstandingKobo)} />
          </dl>
          <ReportSection id="fees-chart" title="Collected and outstanding per school">
            <BarChart
              title="Fees collected and outstanding per school"
              series={FEES_SERIES}
              format={naira}
              barWidth={60}
              data={data.schools.map((s) => ({ id: s.schoolId, label: s.schoolName, values: [Math.min(s.collectedKobo, s.expectedKobo), s.outstandingKobo] }))}
            />
          </ReportSection>
          <ReportSection id="fees-by-school" title="Fees by school" description="A school without the chosen session or term shows dashes.">
            <ReportTable<SchoolRow>
              caption="Fees expected, collected and outstanding of each school, with the total"
              rowKey={(s) => s.schoolId}
              rows={data.schools}
              empty="No schools yet"
              columns={[
                { header: 'School', cell: (s) => s.schoolName },
                { header: 'Invoices', cell: (s) => (s.hasTerm ? count(s.invoices) : '—'), numeric: true, wide: true },
                { header: 'Expected', cell: (s) => (s.hasTerm ? naira(s.expectedKobo) : '—'), numeric: true },
                { header: 'Collected', cell: (s) => (s.hasTerm ? naira(s.collectedKobo) : '—'), numeric: true },
                { header: 'Outstanding', cell: (s) => (s.hasTerm ? naira(s.outstandingKobo) : '—'), numeric: true },
              ]}
              footer={[
                'All schools',
                count(data.totals.invoices),
                naira(data.totals.expectedKobo),
                naira(data.totals.collectedKobo),
                naira(data.totals.outstandingKobo),
              ]}
            />
          </ReportSection>
        </>
      )}
    </ReportPage>
  );
}
