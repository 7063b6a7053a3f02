import { PageHeader } from '@/components/ui/page-header';
import { ChildrenList } from '@/features/parent/components/children-list';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** /parent/children: the parent's children, each opening the child's pages. */
export function Component() {
  useDocumentTitle('Children');
  return (
    <>
      <PageHeader title="Children" description="Open a child to see their profile, subjects, timetable, results, attendance and fees." />
      <ChildrenList />
    </>
  );
}
