import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { useMe } from '@/features/auth/api/get-me';
import { ADMIN_SETUP_LINKS, SetupChecklist } from '@/features/dashboards/components/setup-checklist';
import { useOverview } from '@/features/organisations/api/get-overview';
import { useRunSchool } from '@/features/organisations/api/run-school';
import { OrganisationDashboard } from '@/features/organisations/routes/dashboard';
import { firstName } from '@/lib/format';

/**
 * The owner's dashboard greets them like every other role's, above each school's set-up steps and the
 * organisation's figures. A step opens the school's own screen: the owner runs the school as its
 * administrator first (ADR 0038), with no second account.
 */
export function Component() {
  const { data: user } = useMe();
  // the same query the organisation's figures read (one request): its schools, in order
  const overview = useOverview();
  const run = useRunSchool();
  const schools = overview.data?.schools ?? [];
  const open = (school: { id: string; name: string }, to?: string) =>
    run.mutate({ schoolId: school.id, to }, { onError: (error) => toast.error(`Could not open ${school.name}. ${error.message}`) });
  const setup =
    schools.length > 0 ? (
      <section aria-label="Set-up steps of each school" className="mb-6 grid gap-3 lg:grid-cols-2">
        {schools.map((school) => (
          <SetupChecklist
            key={school.id}
            schoolId={school.id}
            asOwner
            compact
            title={school.name}
            links={ADMIN_SETUP_LINKS}
            onOpenStep={school.status === 'active' ? (to) => open(school, to) : undefined}
            action={
              <Button
                size="sm"
                variant="primary"
                loading={run.isPending && run.variables.schoolId === school.id}
                loadingText="Opening…"
                disabled={run.isPending || school.status !== 'active'}
                onClick={() => open(school)}
              >
                Run this school<span className="sr-only">: {school.name}</span>
              </Button>
            }
          />
        ))}
      </section>
    ) : null;
  return <OrganisationDashboard greeting={user ? firstName(user.name) : undefined} setup={setup} />;
}
