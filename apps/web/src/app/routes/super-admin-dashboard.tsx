import { useMe } from '@/features/auth/api/get-me';
import { OWNER_SETUP_LINKS, SetupChecklist } from '@/features/dashboards/components/setup-checklist';
import { useOverview } from '@/features/organisations/api/get-overview';
import { OrganisationDashboard } from '@/features/organisations/routes/dashboard';
import { firstName } from '@/lib/format';

/** The owner's dashboard greets them like every other role's, above each school's set-up steps and the organisation's figures. */
export function Component() {
  const { data: user } = useMe();
  // the same query the organisation's figures read (one request): its schools, in order
  const overview = useOverview();
  const schools = overview.data?.schools ?? [];
  const setup =
    schools.length > 0 ? (
      <section aria-label="Set-up steps of each school" className="mb-6 grid gap-3 lg:grid-cols-2">
        {schools.map((school) => (
          <SetupChecklist key={school.id} schoolId={school.id} asOwner compact title={school.name} links={OWNER_SETUP_LINKS} />
        ))}
      </section>
    ) : null;
  return <OrganisationDashboard greeting={user ? firstName(user.name) : undefined} setup={setup} />;
}
