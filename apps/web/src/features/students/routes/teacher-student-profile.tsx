import { StaffStudentProfile } from '../components/staff-student-profile';

/** teachers/students/student-profile/{id} */
export function Component() {
  return <StaffStudentProfile listPath="/teachers/students" />;
}
