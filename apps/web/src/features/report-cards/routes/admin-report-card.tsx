import { Link, useParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { ReportCardScreen } from '../components/report-card-screen';

/** admin/records/report-card/:studentId?term=…: a student's report card, printable, with its PDF. */
export function Component() {
  useDocumentTitle('Report Card');
  const { studentId = '' } = useParams();
  return (
    <>
      <PageHeader
        title="Report Card"
        description="The student's scores, grades, positions, attendance and comments for the term, as printed and in the PDF."
        actions={
          <Link to="/admin/records/report-cards" className="no-print text-sm font-semibold text-secondary hover:underline">
            Class report cards
          </Link>
        }
      />
      <ReportCardScreen studentId={studentId} />
    </>
  );
}
