import { useMe } from '@/features/auth/api/get-me';
import { OrganisationDashboard } from '@/features/organisations/routes/dashboard';
import { firstName } from '@/lib/format';

/** The owner's dashboard greets them like every other role's, above the organisation's figures. */
export function Component() {
  const { data: user } = useMe();
  return <OrganisationDashboard greeting={user ? firstName(user.name) : undefined} />;
}
