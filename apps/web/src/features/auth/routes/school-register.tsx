import { AuthPlaceholder } from '../components/auth-placeholder';

export function Component() {
  return (
    <AuthPlaceholder
      title="Register your school"
      description="Registering a new school and its owner's account arrives with the school onboarding module; the form is not available yet."
    />
  );
}
