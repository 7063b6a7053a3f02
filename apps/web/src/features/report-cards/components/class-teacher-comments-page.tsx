import { useClassTeacherCommentOptions, useClassTeacherComments, useSaveClassTeacherComments } from '../api/report-cards';
import { CommentsGridPage } from './comments-grid-page';

/**
 * admin/records/class-teacher-comments and teachers/class-teacher-comments: the class teacher's
 * comments of a whole class for a term in one grid, with suggestions from the class teacher's
 * comment bank. A teacher sees the classes they are class teacher of; once the class's results are
 * published only an administrator may change them.
 */
export function ClassTeacherCommentsPage({ reportCardsLink }: { reportCardsLink?: string }) {
  return (
    <CommentsGridPage
      title="Class Teacher's Comments"
      whose="class teacher's"
      description="Write the class teacher's comment for every student of a class at once. Suggestions come from the comment bank by the student's average; edit them as you wish."
      useOptions={useClassTeacherCommentOptions}
      useGrid={useClassTeacherComments}
      useSave={useSaveClassTeacherComments}
      openOnlyClass
      noClassesDescription="The class teacher's comments are written by the class teacher. You are not the class teacher of a class this session."
      reportCardsLink={reportCardsLink}
    />
  );
}
