import { PageHeader } from '@/components/ui/page-header';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { NoticeBoard } from '../components/notice-board';

/** teachers/noticeboard, student/notice-board/:id and parent/noticeboard: what is addressed to me. */
export function Component() {
  useDocumentTitle('Noticeboard');
  return (
    <>
      <PageHeader title="Noticeboard" description="Announcements from your school, pinned ones first, then the newest." />
      <NoticeBoard />
    </>
  );
}
