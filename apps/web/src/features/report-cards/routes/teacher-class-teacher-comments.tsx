import { ClassTeacherCommentsPage } from '../components/class-teacher-comments-page';

/** teachers/class-teacher-comments: the class teacher writes their class's comments for the report cards. */
export function Component() {
  return <ClassTeacherCommentsPage />;
}
