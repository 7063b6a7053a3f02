import { className } from '@school/shared/academics/schemas';
import type { LessonNoteStatus } from '@school/shared/constants';
import type { LessonNoteDetail, LessonNoteListItem } from '@school/shared/lesson-notes/responses';
import { lessonNotesPolicy } from '../../policies/lesson-notes';
import { admits } from '../../policies/policy';
import type { RequestUser } from '../../types';
import type { NoteDetailRow, NoteListRow } from './lesson-notes.repository';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Staff appear by name only; the reviewer by name, never their account. */
export function presentListItem(row: NoteListRow): LessonNoteListItem {
  return {
    id: row.id,
    title: row.title,
    week: row.week,
    status: row.status as LessonNoteStatus,
    term: { id: row.termId, name: row.termName },
    class: { id: row.classId, name: className(row.classLevel, row.classArm) },
    subject: { id: row.subjectId, name: row.subjectName },
    teacher: { id: row.teacherId, name: row.teacherName },
    hasAttachment: row.attachmentUploadId !== null,
    reviewComment: row.reviewComment,
    submittedAt: iso(row.submittedAt),
    reviewedAt: iso(row.reviewedAt),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A note as the user sees it, with what they may do to it now. */
export function presentDetail(row: NoteDetailRow, user: RequestUser, myStaffId: string | null): LessonNoteDetail {
  const mine = myStaffId !== null && row.teacherId === myStaffId;
  const correctable = row.status === 'Draft' || row.status === 'Rejected';
  const may = (policy: keyof typeof lessonNotesPolicy) => admits(lessonNotesPolicy[policy], user);
  return {
    ...presentListItem(row),
    body: row.body,
    attachment:
      row.attachmentUploadId && row.attachmentName
        ? {
            id: row.attachmentUploadId,
            name: row.attachmentName,
            mimeType: row.attachmentMimeType ?? 'application/octet-stream',
            sizeBytes: row.attachmentSize ?? 0,
            url: `/api/uploads/${row.attachmentUploadId}`,
          }
        : null,
    reviewer: row.reviewerName ? { name: row.reviewerName } : null,
    createdAt: row.createdAt.toISOString(),
    canEdit: mine && correctable && may('edit'),
    canSubmit: mine && correctable && may('submit'),
    canDelete: mine && row.status === 'Draft' && may('remove'),
    canReview: row.status === 'Submitted' && may('review'),
  };
}

/** What the audit log keeps of a note (the body included: it is what was written). */
export function auditView(row: {
  id: string;
  teacherId: string;
  classId: string;
  subjectId: string;
  termId: string;
  week: number;
  title: string;
  body: string;
  status: string;
  attachmentUploadId: string | null;
  reviewComment: string | null;
}) {
  return {
    id: row.id,
    teacherId: row.teacherId,
    classId: row.classId,
    subjectId: row.subjectId,
    termId: row.termId,
    week: row.week,
    title: row.title,
    body: row.body,
    status: row.status,
    attachmentUploadId: row.attachmentUploadId,
    reviewComment: row.reviewComment,
  };
}
