import { ClassTeacherCommentsPage } from '../components/class-teacher-comments-page';

/** admin/records/class-teacher-comments: an administrator writes or corrects any class's class teacher's comments. */
export function Component() {
  return <ClassTeacherCommentsPage reportCardsLink="/admin/records/report-cards" />;
}
