import { useDocumentTitle } from '@/hooks/use-document-title';
import { AuthLink } from '../components/auth-link';
import { AuthPageHeader } from '../components/auth-page-header';
import { ForgotPasswordForm } from '../components/forgot-password-form';

export function Component() {
  useDocumentTitle('Forgot password');
  return (
    <>
      <AuthPageHeader title="Forgot your password?" description="Enter the email address of your account and we will send you a link to reset your password." />
      <ForgotPasswordForm />
      <p className="mt-6 text-center text-sm text-slate-600">
        Remembered it? <AuthLink to="/auth/login">Back to sign in</AuthLink>
      </p>
    </>
  );
}
