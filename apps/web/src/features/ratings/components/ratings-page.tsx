import { useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { PageSpinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useRatingOptions, useRatingSheet, useSaveRatingSheet, useTraits, type RatingPlace } from '../api/ratings';
import { RatingFilters } from './rating-filters';
import { RatingGrid } from './rating-grid';
import { TraitsPanel } from './traits-panel';

/** One class's grid with its loading, error and empty states; saving toasts once the server has saved. */
export function RatingEntry({ place }: { place: RatingPlace }) {
  const sheet = useRatingSheet(place);
  const save = useSaveRatingSheet();
  if (sheet.isPending) return <PageSpinner label="Loading ratings" />;
  if (sheet.isError) {
    return (
      <Alert>
        <p>{sheet.error.message}</p>
        <Button variant="gray" size="sm" className="mt-2" onClick={() => void sheet.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  if (sheet.data.students.length === 0) {
    return <EmptyState title="No students in this class" description={`${sheet.data.className} has no students enrolled this session.`} />;
  }
  if (sheet.data.traits.length === 0) {
    return <EmptyState title="No traits to rate" description="The school has switched off every trait." />;
  }
  return (
    <section aria-labelledby="rating-grid-title">
      <h2 id="rating-grid-title" className="mb-3 text-base font-semibold text-slate-900">
        {sheet.data.className} · {sheet.data.termName} term
      </h2>
      <RatingGrid
        sheet={sheet.data}
        saving={save.isPending}
        onSave={async (entries) => {
          await save.mutateAsync({ termId: place.termId, classId: place.classId, entries });
          toast.success('Ratings saved');
        }}
      />
    </section>
  );
}

function Traits() {
  const traits = useTraits();
  if (!traits.data?.canEdit) return null;
  return <TraitsPanel traits={traits.data} />;
}

/** teachers/ratings and admin/records/ratings: a class's affective and psychomotor ratings for a term, and (administrators) the school's traits. */
export function RatingsPage() {
  useDocumentTitle('Ratings');
  const options = useRatingOptions();
  const [params, setParams] = useSearchParams();
  const place = { termId: params.get('termId') ?? '', classId: params.get('classId') ?? '' };
  const chosen = Boolean(place.termId && place.classId);
  return (
    <>
      <PageHeader title="Ratings" description="Rate each student 1 to 5 on each trait for the term. Save stores the whole class at once." />
      {options.isPending ? (
        <PageSpinner label="Loading your classes" />
      ) : options.isError ? (
        <Alert>{options.error.message}</Alert>
      ) : options.data.classes.length === 0 ? (
        <EmptyState title="No classes to rate" description="Ratings are entered by the class teacher. You are not the class teacher of a class this session." />
      ) : (
        <RatingFilters
          key={`${place.termId}:${place.classId}`}
          options={options.data}
          initial={chosen ? place : undefined}
          onSubmit={(next) => setParams(new URLSearchParams({ ...next }))}
        />
      )}
      {chosen ? (
        <RatingEntry place={place} />
      ) : options.data?.classes.length ? (
        <p className="text-sm text-slate-600">Choose a term and class to enter ratings.</p>
      ) : null}
      <Traits />
    </>
  );
}
