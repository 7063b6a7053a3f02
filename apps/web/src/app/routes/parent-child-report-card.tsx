import { useParams } from 'react-router';
import { ChildPage } from '@/features/parent/components/child-header';
import { ReportCardScreen } from '@/features/report-cards/components/report-card-screen';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** /parent/children/:studentId/report-card?term=…: the child's report card of a published term. */
export function Component() {
  const { studentId = '' } = useParams();
  useDocumentTitle('Report Card');
  return (
    <ChildPage studentId={studentId}>
      {() => (
        <>
          <h1 className="sr-only">Report Card</h1>
          <ReportCardScreen studentId={studentId} />
        </>
      )}
    </ChildPage>
  );
}
