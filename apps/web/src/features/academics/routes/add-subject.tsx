import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { toast } from '@/components/ui/toast';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useCreateSubject } from '../api/subject-mutations';
import { SubjectForm } from '../components/subject-form';
import { SubjectCatalogueForm } from '../components/subject-catalogue-form';

/** /admin/academics/add-subject */
export function Component() {
  useDocumentTitle('Add Subject');
  const create = useCreateSubject();
  return (
    <>
      <PageHeader
        title="Add Subject"
        description="Subjects belong to the school. Assign them to classes, each with its teacher, from the subject list."
        actions={
          <Link to="/admin/academics/subject" className={buttonClasses({ variant: 'gray' })}>
            View subjects
          </Link>
        }
      />
      <section aria-label="New subject" className="max-w-2xl rounded-xl border border-slate-200 bg-white p-5 md:p-6">
        <SubjectForm
          submitLabel="Add subject"
          resetAfterSubmit
          onSubmit={async (values) => {
            const created = await create.mutateAsync(values);
            toast.success(`${created.name} (${created.code}) added`);
          }}
        />
      </section>
      <section aria-label="Subject catalogue" className="mt-6 max-w-4xl rounded-xl border border-slate-200 bg-white p-5 md:p-6">
        <SubjectCatalogueForm />
      </section>
    </>
  );
}
