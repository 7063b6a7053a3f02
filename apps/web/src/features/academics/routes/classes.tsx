import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useClasses } from '../api/get-classes';
import { ClassList } from '../components/class-list';

/** /admin/academics/class */
export function Component() {
  useDocumentTitle('Classes');
  const classes = useClasses();
  const session = classes.data?.session;
  return (
    <>
      <PageHeader
        title="Classes"
        description={session ? `Classes of ${session.name}, with their class teacher, subjects and students.` : undefined}
        actions={
          <Link to="/admin/academics/add-class" className={buttonClasses({ variant: 'primary' })}>
            Add class
          </Link>
        }
      />
      <ClassList />
    </>
  );
}
