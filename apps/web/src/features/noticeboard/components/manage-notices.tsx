import type { SentTexts } from '@school/shared/messaging/responses';
import type { ManagedNotice } from '@school/shared/noticeboard/responses';
import type { NoticeValues } from '@school/shared/noticeboard/schemas';
import { useMemo, useState } from 'react';
import { Media } from 'react-data-table-component';
import { TextBatchProgress } from '@/components/messaging/text-batch-progress';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DataTable, type TableColumn } from '@/components/ui/data-table';
import { Drawer } from '@/components/ui/drawer';
import { LoadError } from '@/components/ui/load-error';
import { Modal } from '@/components/ui/modal';
import { PageHeader } from '@/components/ui/page-header';
import { RowActions } from '@/components/ui/row-actions';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { formatDate, formatDateTime } from '@/lib/format';
import { useManagedNotices, useNoticeOptions } from '../api/get-managed-notices';
import { useMarkNoticeRead } from '../api/mark-notice-read';
import { useCreateNotice, useDeleteNotice, useSetNoticeFlags, useUpdateNotice } from '../api/notice-mutations';
import { AudienceChip, audienceText, PinnedChip, UnreadDot } from './audience-label';
import { NoticeForm } from './notice-form';

/** The most notices one list holds; older ones stay in the database. */
const LIST_SIZE = 100;

const message = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.');

/** Whom a notice's texts go to (ADR 0039: parents, students and a class reach the guardians' phones). */
const textsLabel = (audience: NoticeValues['audience']) =>
  audience === 'staff' ? 'Texts to staff' : audience === 'everyone' ? 'Texts to parents and staff' : 'Texts to parents';

function schoolsText(notice: ManagedNotice) {
  return notice.broadcast && notice.schools.length > 1 ? `All schools (${notice.schools.length})` : notice.schools.map((s) => s.name).join(', ');
}

/**
 * admin/noticeboard and super-admin/noticeboard: post, edit, pin, unpublish and delete notices; the
 * super administrator posts to one school or to all of them.
 */
export function ManageNotices({ superAdmin }: { superAdmin: boolean }) {
  const [schoolFilter, setSchoolFilter] = useState('');
  const notices = useManagedNotices({ pageSize: LIST_SIZE, schoolId: schoolFilter || undefined });
  const options = useNoticeOptions();
  const create = useCreateNotice();
  const update = useUpdateNotice();
  const flags = useSetNoticeFlags();
  const remove = useDeleteNotice();
  const markRead = useMarkNoticeRead();
  const [posting, setPosting] = useState(false);
  const [editing, setEditing] = useState<ManagedNotice | null>(null);
  const [viewing, setViewing] = useState<ManagedNotice | null>(null);
  /** The texts of the last notice posted with "also send as SMS", followed on the page once the form has closed. */
  const [texts, setTexts] = useState<(SentTexts & { label: string }) | null>(null);

  const open = (notice: ManagedNotice) => {
    setViewing(notice);
    if (!notice.read) markRead.mutate(notice.id);
  };

  const columns = useMemo<TableColumn<ManagedNotice>[]>(
    () => [
      {
        id: 'title',
        name: 'Title',
        selector: (row) => row.title,
        sortable: true,
        grow: 2,
        minWidth: '12rem',
        cell: (row) => (
          <span className="py-2">
            <span className="flex flex-wrap items-center gap-1.5">
              <span className="font-semibold text-slate-900">{row.title}</span>
              {row.pinned ? <PinnedChip /> : null}
              {!row.read ? <UnreadDot /> : null}
            </span>
            <span className="block text-xs text-slate-500 min-[960px]:hidden">
              For {audienceText(row)} · {formatDate(row.date)}
              {superAdmin ? ` · ${schoolsText(row)}` : ''}
            </span>
          </span>
        ),
      },
      { id: 'audience', name: 'Audience', selector: (row) => audienceText(row), sortable: true, hide: Media.MD },
      ...(superAdmin
        ? [{ id: 'schools', name: 'School', selector: (row: ManagedNotice) => schoolsText(row), sortable: true, hide: Media.MD, wrap: true }]
        : []),
      { id: 'date', name: 'Date', selector: (row) => row.date, sortable: true, cell: (row) => formatDate(row.date), hide: Media.MD, width: '8.5rem' },
      {
        id: 'status',
        name: 'Status',
        selector: (row) => (row.published ? 'Published' : 'Unpublished'),
        sortable: true,
        hide: Media.SM,
        width: '8.5rem',
        cell: (row) => <Badge status={row.published ? 'Published' : 'Unpublished'} tone={row.published ? 'green' : 'yellow'} />,
      },
      {
        id: 'actions',
        name: <span className="sr-only">Actions</span>,
        button: true,
        width: '11.5rem',
        cell: (row) => (
          <RowActions
            rowLabel={row.title}
            actions={[
              { type: 'view', onClick: () => open(row) },
              { type: 'edit', onClick: () => setEditing(row) },
              {
                type: row.pinned ? 'unsubscribe' : 'subscribe',
                label: row.pinned ? `Unpin ${row.title}` : `Pin ${row.title}`,
                onClick: async () => {
                  try {
                    await flags.mutateAsync({ id: row.id, flags: { pinned: !row.pinned } });
                    toast.success(row.pinned ? 'Notice unpinned' : 'Notice pinned to the top');
                  } catch (error) {
                    toast.error(message(error));
                  }
                },
              },
              row.published
                ? {
                    type: 'archive',
                    label: `Unpublish ${row.title}`,
                    confirm: {
                      title: `Unpublish “${row.title}”?`,
                      message: 'Readers will no longer see it. You can publish it again later.',
                      confirmLabel: 'Unpublish',
                    },
                    onClick: async () => {
                      try {
                        await flags.mutateAsync({ id: row.id, flags: { published: false } });
                        toast.success('Notice unpublished');
                      } catch (error) {
                        toast.error(message(error));
                      }
                    },
                  }
                : {
                    type: 'toggleOn',
                    label: `Publish ${row.title}`,
                    onClick: async () => {
                      try {
                        await flags.mutateAsync({ id: row.id, flags: { published: true } });
                        toast.success('Notice published');
                      } catch (error) {
                        toast.error(message(error));
                      }
                    },
                  },
              {
                type: 'delete',
                confirm: {
                  title: `Delete “${row.title}”?`,
                  message:
                    superAdmin && row.broadcast
                      ? 'It will be removed from every school it was posted to. This cannot be undone.'
                      : 'It will be removed for everyone. This cannot be undone.',
                  confirmLabel: 'Delete notice',
                },
                onClick: async () => {
                  try {
                    await remove.mutateAsync(row.id);
                    toast.success('Notice deleted');
                  } catch (error) {
                    toast.error(message(error));
                  }
                },
              },
            ]}
          />
        ),
      },
    ],
    // open() only sets state and marks read
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [superAdmin, flags, remove],
  );

  const postButton = (
    <Button variant="primary" onClick={() => setPosting(true)} disabled={!options.data}>
      Post a notice
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Noticeboard"
        description={
          superAdmin
            ? 'Announcements to one or all of your schools: everyone, staff, students, parents or one class.'
            : 'Announcements to everyone, staff, students, parents or one class.'
        }
        actions={postButton}
      />
      {texts ? (
        <TextBatchProgress key={texts.batchId} batchId={texts.batchId} label={texts.label} logLink={!superAdmin} onDismiss={() => setTexts(null)} />
      ) : null}
      {superAdmin && options.data && options.data.schools.length > 1 ? (
        <SelectField label="School" className="mb-4 max-w-xs" value={schoolFilter} onChange={(e) => setSchoolFilter(e.target.value)}>
          <option value="">All schools</option>
          {options.data.schools.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </SelectField>
      ) : null}
      {notices.isError ? (
        <LoadError error={notices.error}>
          <p>We could not load the notices. {notices.error.message}</p>
          <Button variant="gray" size="sm" className="mt-2" onClick={() => void notices.refetch()}>
            Try again
          </Button>
        </LoadError>
      ) : (
        <DataTable<ManagedNotice>
          ariaLabel="Notices"
          columns={columns}
          data={notices.data?.items ?? []}
          progressPending={notices.isPending}
          noDataComponent={
            <div className="px-4 py-10 text-center text-sm text-slate-600">
              <p>No notices yet. Post the first one for your {superAdmin ? 'schools' : 'school'}.</p>
            </div>
          }
        />
      )}
      {notices.data && notices.data.total > LIST_SIZE ? (
        <p className="mt-2 text-xs text-slate-500">
          Showing the latest {LIST_SIZE} of {notices.data.total} notices.
        </p>
      ) : null}

      <Modal open={posting} onClose={() => setPosting(false)} title="Post a notice" size="lg">
        {options.isPending ? (
          <p className="flex items-center gap-2 text-sm text-slate-600">
            <Spinner size="sm" /> Loading…
          </p>
        ) : options.data ? (
          <NoticeForm
            options={options.data}
            chooseSchool={superAdmin}
            submitLabel="Publish"
            onCancel={() => setPosting(false)}
            onSubmit={async (values) => {
              const posted = await create.mutateAsync(values);
              toast.success('Notice published');
              if (posted.texts) setTexts({ ...posted.texts, label: textsLabel(values.audience) });
              setPosting(false);
            }}
          />
        ) : (
          <LoadError error={options.error}>The form could not be loaded. {options.error?.message}</LoadError>
        )}
      </Modal>

      <Modal open={editing !== null} onClose={() => setEditing(null)} title="Edit notice" size="lg">
        {editing && options.data ? (
          <NoticeForm
            options={options.data}
            chooseSchool={false}
            fixedSchoolId={editing.broadcast && superAdmin && editing.schools.length > 1 ? 'all' : editing.school.id}
            defaultValues={{
              title: editing.title,
              description: editing.description,
              date: editing.date,
              audience: editing.audience,
              classId: editing.class?.id ?? '',
              schoolId: editing.broadcast && superAdmin && editing.schools.length > 1 ? 'all' : editing.school.id,
              pinned: editing.pinned,
              sendSms: editing.sendSms,
            }}
            submitLabel="Save changes"
            onCancel={() => setEditing(null)}
            onSubmit={async (values) => {
              const saved = await update.mutateAsync({ id: editing.id, values });
              toast.success('Notice saved');
              if (saved.texts) setTexts({ ...saved.texts, label: textsLabel(values.audience) });
              setEditing(null);
            }}
          />
        ) : null}
      </Modal>

      <Drawer open={viewing !== null} onClose={() => setViewing(null)} title={viewing?.title ?? ''}>
        {viewing ? (
          <div className="space-y-4 text-sm">
            <div className="flex flex-wrap items-center gap-2">
              <AudienceChip notice={viewing} />
              {viewing.pinned ? <PinnedChip /> : null}
              <Badge status={viewing.published ? 'Published' : 'Unpublished'} tone={viewing.published ? 'green' : 'yellow'} />
            </div>
            <p className="whitespace-pre-line text-slate-800">{viewing.description}</p>
            <dl className="grid grid-cols-[8rem_1fr] gap-y-1.5 text-slate-700">
              <dt className="text-slate-500">Date</dt>
              <dd>{formatDate(viewing.date)}</dd>
              <dt className="text-slate-500">School</dt>
              <dd>{schoolsText(viewing)}</dd>
              <dt className="text-slate-500">Posted by</dt>
              <dd>{viewing.postedBy ?? '—'}</dd>
              <dt className="text-slate-500">Last changed</dt>
              <dd>{formatDateTime(viewing.updatedAt)}</dd>
            </dl>
          </div>
        ) : null}
      </Drawer>
    </>
  );
}
