import { ROLE_LABELS } from '@school/shared/auth/roles';
import type { AuditEntryView } from '@school/shared/audit/responses';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Drawer } from '@/components/ui/drawer';
import { cn } from '@/lib/cn';
import { fieldChanges, formatAuditTime, humaniseEntity, showValue } from '../lib/changes';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7rem_minmax(0,1fr)] gap-2 py-1.5 text-sm">
      <dt className="text-slate-500">{label}</dt>
      <dd className="font-medium break-words text-slate-900">{children}</dd>
    </div>
  );
}

function JsonBlock({ title, value }: { title: string; value: unknown }) {
  return (
    <div className="min-w-0">
      <h4 className="mb-1.5 text-xs font-semibold tracking-wide text-slate-500 uppercase">{title}</h4>
      <pre className="max-h-72 overflow-auto rounded-lg bg-slate-900 p-3 text-xs leading-relaxed text-slate-100">
        {value === null || value === undefined ? 'Nothing recorded' : JSON.stringify(value, null, 2)}
      </pre>
    </div>
  );
}

/** One audit entry: who did what, when, and the record before and after. */
export function AuditEntryDrawer({ entry, onClose }: { entry: AuditEntryView | null; onClose: () => void }) {
  const changes = entry ? fieldChanges(entry.before, entry.after) : [];
  return (
    <Drawer
      open={entry !== null}
      onClose={onClose}
      title="Audit entry"
      size="xl"
      footer={
        <Button variant="gray" onClick={onClose}>
          Close
        </Button>
      }
    >
      {entry ? (
        <div className="space-y-6">
          <dl className="divide-y divide-slate-100">
            <Row label="Time">{formatAuditTime(entry.createdAt)} (Lagos)</Row>
            <Row label="Actor">{entry.actor ? `${entry.actor.name} · ${ROLE_LABELS[entry.actor.role]} · ${entry.actor.email}` : 'System or deleted user'}</Row>
            <Row label="School">{entry.school?.name ?? 'Organisation-wide'}</Row>
            <Row label="Action">
              <code className="rounded bg-slate-100 px-1.5 py-0.5 text-xs">{entry.action}</code>
            </Row>
            <Row label="Entity">
              {humaniseEntity(entry.entity)}
              {entry.entityId ? <span className="block text-xs font-normal break-all text-slate-500">{entry.entityId}</span> : null}
            </Row>
            {entry.ip ? <Row label="IP address">{entry.ip}</Row> : null}
          </dl>

          <section aria-labelledby="audit-changes-heading">
            <h3 id="audit-changes-heading" className="text-base font-semibold text-slate-900">
              Changes
            </h3>
            {changes.length ? (
              <div className="mt-2 overflow-x-auto rounded-lg border border-slate-200">
                <table className="w-full text-left text-sm">
                  <thead className="bg-slate-50 text-xs text-slate-600 uppercase">
                    <tr>
                      <th scope="col" className="px-3 py-2 font-semibold">
                        Field
                      </th>
                      <th scope="col" className="px-3 py-2 font-semibold">
                        Before
                      </th>
                      <th scope="col" className="px-3 py-2 font-semibold">
                        After
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100">
                    {changes.map((change) => (
                      <tr key={change.field} className={cn(change.changed && 'bg-amber-50')}>
                        <th scope="row" className="px-3 py-2 font-medium text-slate-800">
                          {change.field}
                          {change.changed ? <span className="sr-only"> (changed)</span> : null}
                        </th>
                        <td className="px-3 py-2 break-all text-slate-600">{showValue(change.before)}</td>
                        <td className={cn('px-3 py-2 break-all', change.changed ? 'font-semibold text-slate-900' : 'text-slate-600')}>
                          {showValue(change.after)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : (
              <p className="mt-2 text-sm text-slate-600">No field values were recorded for this action.</p>
            )}
          </section>

          <div className="grid gap-4 md:grid-cols-2">
            <JsonBlock title="Before" value={entry.before} />
            <JsonBlock title="After" value={entry.after} />
          </div>
        </div>
      ) : null}
    </Drawer>
  );
}
