import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { useLeaveSchool } from '@/features/organisations/api/run-school';

/**
 * Shown above every page while an owner runs one of the organisation's schools as its administrator
 * (ADR 0038): whose school this is, and the way back to the organisation.
 */
export function RunningSchoolBanner({ schoolName, organisationName }: { schoolName: string; organisationName: string }) {
  const leave = useLeaveSchool();
  return (
    <div role="region" aria-label="Running a school" className="border-b border-amber-200 bg-amber-50 px-3 py-2 sm:px-4 lg:px-8">
      <div className="mx-auto flex max-w-[1440px] flex-wrap items-center justify-between gap-2 text-sm text-amber-950">
        <p className="min-w-0">
          You are running <strong className="font-semibold">{schoolName}</strong> as its administrator.
        </p>
        <Button
          size="sm"
          variant="dark"
          loading={leave.isPending}
          loadingText="Going back…"
          onClick={() => leave.mutate(undefined, { onError: (error) => toast.error(`Could not go back. ${error.message}`) })}
        >
          Back to {organisationName}
        </Button>
      </div>
    </div>
  );
}
