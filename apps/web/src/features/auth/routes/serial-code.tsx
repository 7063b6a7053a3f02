import { AuthPlaceholder } from '../components/auth-placeholder';

export function Component() {
  return (
    <AuthPlaceholder
      title="Apply for admission"
      description="Entering an admission serial code arrives with the admissions module. Until then, please ask the school you are applying to how to apply."
    />
  );
}
