import { ACTIONS, AREA_LABELS, AREAS, type Action, type Area, type PermissionMatrix } from '@school/shared/auth/permissions';
import { ROLE_LABELS, ROLES, type Role } from '@school/shared/auth/roles';
import { isLockedGrant, LOCKED_GRANTS_MESSAGE } from '@school/shared/organisations/schemas';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { cn } from '@/lib/cn';
import { useUpdatePermissions } from '../api/permission-mutations';

const ACTION_LABELS: Record<Action, string> = { add: 'Add', edit: 'Edit', delete: 'Delete', view: 'View' };

export interface PermissionMatrixEditorProps {
  matrix: PermissionMatrix;
}

/**
 * One role at a time: a row per area with add, edit, delete and view. Saving sends the whole
 * matrix; the server applies it to everyone's next request.
 */
export function PermissionMatrixEditor({ matrix: saved }: PermissionMatrixEditorProps) {
  const [role, setRole] = useState<Role>('admin');
  const [draft, setDraft] = useState<PermissionMatrix>(saved);
  // A newly saved matrix from the server starts a fresh draft. Done here rather than by re-mounting
  // (a `key`), which lost the chosen role tab and, with it, the save's own confirmation.
  const savedKey = JSON.stringify(saved);
  const [draftBase, setDraftBase] = useState(savedKey);
  if (draftBase !== savedKey) {
    setDraftBase(savedKey);
    setDraft(saved);
  }
  const [formError, setFormError] = useState<string | null>(null);
  const update = useUpdatePermissions();
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);
  const changedRoles = ROLES.filter((r) => JSON.stringify(draft[r]) !== JSON.stringify(saved[r]));

  function toggle(area: Area, action: Action, value: boolean) {
    setDraft((current) => ({ ...current, [role]: { ...current[role], [area]: { ...current[role][area], [action]: value } } }));
  }

  function save() {
    setFormError(null);
    update.mutate(draft, {
      onSuccess: (settings) => {
        setDraft(settings.matrix);
        toast.success('Permissions saved. They apply from each user’s next action.');
      },
      onError: (error) => setFormError(error.message),
    });
  }

  return (
    <section aria-labelledby="matrix-heading" className="rounded-xl border border-slate-200 bg-white">
      <div className="border-b border-slate-200 p-4 sm:p-5">
        <h2 id="matrix-heading" className="text-base font-semibold text-slate-900">
          Permission matrix
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          What each role may do in each area. Which records (own school, own classes, own children) is decided for each role on top of this.
        </p>
        <div role="tablist" aria-label="Role" className="-mx-1 mt-4 flex gap-1 overflow-x-auto px-1 pb-1">
          {ROLES.map((r) => (
            <button
              key={r}
              type="button"
              role="tab"
              id={`role-tab-${r}`}
              aria-selected={role === r}
              aria-controls="role-panel"
              onClick={() => setRole(r)}
              className={cn(
                'h-9 shrink-0 rounded-lg px-3 text-sm font-medium whitespace-nowrap transition-colors',
                role === r ? 'bg-primary text-white' : 'bg-slate-100 text-slate-700 hover:bg-slate-200',
              )}
            >
              {ROLE_LABELS[r]}
              {changedRoles.includes(r) ? (
                <span className="ml-1" aria-label="(changed)">
                  •
                </span>
              ) : null}
            </button>
          ))}
        </div>
      </div>
      <div id="role-panel" role="tabpanel" aria-labelledby={`role-tab-${role}`} className="overflow-x-auto">
        <table className="w-full min-w-[340px] text-sm">
          <caption className="sr-only">Permissions of {ROLE_LABELS[role]}</caption>
          <thead className="bg-slate-50 text-xs font-semibold text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-4 py-2.5 text-left sm:px-5">
                Area
              </th>
              {ACTIONS.map((action) => (
                <th key={action} scope="col" className="w-16 px-2 py-2.5 text-center sm:w-20">
                  {ACTION_LABELS[action]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {AREAS.map((area) => (
              <tr key={area}>
                <th scope="row" className="px-4 py-2 text-left font-medium text-slate-800 sm:px-5">
                  {AREA_LABELS[area]}
                </th>
                {ACTIONS.map((action) => {
                  const locked = isLockedGrant(role, area, action);
                  return (
                    <td key={action} className="px-2 py-2 text-center">
                      <input
                        type="checkbox"
                        className="size-5 cursor-pointer accent-secondary disabled:cursor-not-allowed"
                        aria-label={`${ROLE_LABELS[role]}: ${ACTION_LABELS[action]} ${AREA_LABELS[area]}`}
                        checked={draft[role][area][action]}
                        disabled={locked && draft[role][area][action]}
                        title={locked ? LOCKED_GRANTS_MESSAGE : undefined}
                        onChange={(event) => toggle(area, action, event.target.checked)}
                      />
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 p-4 sm:px-5">
        <p className="text-xs text-slate-500">
          {role === 'super_admin'
            ? LOCKED_GRANTS_MESSAGE
            : dirty
              ? `Unsaved changes: ${changedRoles.map((r) => ROLE_LABELS[r]).join(', ')}.`
              : 'No unsaved changes.'}
        </p>
        <div className="flex gap-2">
          <Button variant="gray" disabled={!dirty || update.isPending} onClick={() => setDraft(saved)}>
            Discard
          </Button>
          <Button variant="primary" disabled={!dirty} loading={update.isPending} loadingText="Saving…" onClick={save}>
            Save permissions
          </Button>
        </div>
        {formError ? <Alert className="w-full">{formError}</Alert> : null}
      </div>
    </section>
  );
}
