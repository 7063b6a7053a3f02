import { useClassPrincipalComments, useReportCardClasses, useSaveClassPrincipalComments } from '../api/report-cards';
import { CommentsGridPage } from '../components/comments-grid-page';

/**
 * admin/records/principal-comments: the principal's comments of a whole class for a term in one
 * grid, each with a suggestion from the comment bank for the student's average, saved at once.
 */
export function Component() {
  return (
    <CommentsGridPage
      title="Principal's Comments"
      whose="principal's"
      description="Write the principal's comment for every student of a class at once. Suggestions come from the comment bank by the student's average; edit them as you wish."
      useOptions={useReportCardClasses}
      useGrid={useClassPrincipalComments}
      useSave={useSaveClassPrincipalComments}
      noClassesDescription="There are no classes in the selected session."
      reportCardsLink="/admin/records/report-cards"
    />
  );
}
