import { Link, useParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { ReportCardScreen } from '../components/report-card-screen';

/** student/report-card/:id?term=…: the student's report card of a published term (our addition to the spec's routes). */
export function Component() {
  useDocumentTitle('Report Card');
  const { id = '' } = useParams();
  return (
    <>
      <PageHeader
        title="Report Card"
        description="Your report card for a published term. Print it or download the PDF."
        actions={
          <Link to={`/student/results/${id}`} className="no-print text-sm font-semibold text-secondary hover:underline">
            Back to Results
          </Link>
        }
      />
      <ReportCardScreen studentId={id} />
    </>
  );
}
