import { AuthPlaceholder } from '../components/auth-placeholder';

export function Component() {
  return (
    <AuthPlaceholder
      title="Admission application"
      description="The admission application form arrives with the admissions module. It opens after a valid serial code has been entered."
    />
  );
}
