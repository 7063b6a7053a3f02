import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ClockIcon } from '@/components/ui/icons';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { PageSpinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useTimetableClasses } from '../api/get-timetable-classes';
import { ClassTimetableEditor } from '../components/class-timetable-editor';
import { PrintButton } from '../components/print-button';
import { SelectField } from '@/components/ui/select-field';

/** admin/academics/time-table: pick a class of the selected session and set its week. */
export function Component() {
  useDocumentTitle('Time Table');
  const classes = useTimetableClasses();
  const [params, setParams] = useSearchParams();
  const items = classes.data?.items ?? [];
  const wanted = params.get('class');
  const selected = items.find((c) => c.id === wanted) ?? items[0] ?? null;

  return (
    <>
      <PageHeader
        title="Time Table"
        description="Each class’s week, Monday to Friday, 8:00 AM to 5:00 PM. Choose a slot to set its subject; the subject’s teacher comes with it."
        actions={<PrintButton disabled={!selected} />}
      />
      {classes.isPending ? (
        <PageSpinner label="Loading classes" />
      ) : classes.isError ? (
        <LoadError error={classes.error}>
          <p>We could not load the classes. {classes.error.message}</p>
          <Button variant="gray" size="sm" className="mt-2" onClick={() => void classes.refetch()}>
            Try again
          </Button>
        </LoadError>
      ) : !selected ? (
        <EmptyState
          icon={<ClockIcon size={24} />}
          title="No classes in this session"
          description="Add the session’s classes and their subjects under Academics first; each class then gets its own timetable here."
        />
      ) : (
        <>
          <div className="no-print mb-5 max-w-xs">
            <SelectField label="Class" value={selected.id} onChange={(event) => setParams({ class: event.target.value }, { replace: true })}>
              {items.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                  {c.filledSlots ? '' : ' (empty)'}
                </option>
              ))}
            </SelectField>
          </div>
          <ClassTimetableEditor key={selected.id} classId={selected.id} />
        </>
      )}
    </>
  );
}
