import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { useProfile } from '../api/profile';
import { ProfileForm } from './profile-form';

/** The profile form once the profile has loaded, for settings pages to compose. */
export function ProfileSection() {
  const profile = useProfile();
  if (profile.isPending) {
    return (
      <div className="flex items-center gap-2 rounded-xl border border-slate-200 bg-white p-5 text-sm text-slate-600">
        <Spinner size="sm" /> Loading your profile…
      </div>
    );
  }
  if (profile.isError) return <LoadError error={profile.error}>Could not load your profile. {profile.error.message}</LoadError>;
  return <ProfileForm profile={profile.data} />;
}
