import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { SelectField } from '@/components/ui/select-field';
import { PageSpinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useReferralSchools } from '../api/get-referral-admin';
import { ReferralsScreen } from '../components/referrals-screen';

/** /super-admin/settings/referral: the Referrals screen for one of the organisation's schools. */
export function Component() {
  useDocumentTitle('Referral');
  const schools = useReferralSchools();
  const [chosen, setChosen] = useState('');

  if (schools.isPending) return <PageSpinner label="Loading your schools" />;
  if (schools.isError) return <LoadError error={schools.error}>Could not load your schools. {schools.error.message}</LoadError>;
  const items = schools.data.items;
  if (items.length === 0) return <Alert>Add a school first: referral campaigns belong to a school.</Alert>;
  const schoolId = chosen || items[0].id;

  return (
    <>
      <PageHeader
        title="Referrals"
        description="Referral campaigns, the referrers’ points and earnings, and their withdrawal requests."
        actions={
          items.length > 1 ? (
            <SelectField label="School" value={schoolId} onChange={(event) => setChosen(event.target.value)} className="min-w-56">
              {items.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </SelectField>
          ) : null
        }
      />
      <ReferralsScreen key={schoolId} schoolId={schoolId} />
    </>
  );
}
