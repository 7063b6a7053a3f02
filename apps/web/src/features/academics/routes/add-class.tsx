import { className } from '@school/shared/academics/schemas';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { toast } from '@/components/ui/toast';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useClasses } from '../api/get-classes';
import { useCreateClass } from '../api/class-mutations';
import { BulkClassForm } from '../components/bulk-class-form';
import { ClassForm } from '../components/class-form';

/** /admin/academics/add-class */
export function Component() {
  useDocumentTitle('Add Class');
  const classes = useClasses();
  const create = useCreateClass();
  const session = classes.data?.session;

  return (
    <>
      <PageHeader
        title="Add Class"
        description={
          session
            ? `The class is added to ${session.name}, the session chosen in the top bar.`
            : classes.data
              ? 'Add an academic session in Settings first: a class belongs to a session.'
              : 'A class is a level and an arm in a session, with its class teacher.'
        }
        actions={
          <Link to="/admin/academics/class" className={buttonClasses({ variant: 'gray' })}>
            View classes
          </Link>
        }
      />
      <section aria-label="New class" className="max-w-2xl rounded-xl border border-slate-200 bg-white p-5 md:p-6">
        <ClassForm
          submitLabel="Add class"
          resetAfterSubmit
          onSubmit={async (values) => {
            const created = await create.mutateAsync(values);
            toast.success(`${className(created.level, created.arm)} added to ${created.session.name}`);
          }}
        />
      </section>
      {session ? (
        <section aria-label="Several classes" className="mt-6 max-w-4xl rounded-xl border border-slate-200 bg-white p-5 md:p-6">
          <BulkClassForm sessionName={session.name} />
        </section>
      ) : null}
    </>
  );
}
