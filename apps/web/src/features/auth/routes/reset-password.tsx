import { useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { AuthLink } from '../components/auth-link';
import { AuthPageHeader } from '../components/auth-page-header';
import { ResetPasswordForm } from '../components/reset-password-form';

export function Component() {
  useDocumentTitle('Reset password');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';

  return (
    <>
      <AuthPageHeader title="Choose a new password" description="Enter your new password twice." />
      {token ? (
        <ResetPasswordForm token={token} />
      ) : (
        <Alert>
          This reset link is invalid or has expired. <AuthLink to="/auth/forgot-password">Ask for a new link</AuthLink>
        </Alert>
      )}
      <p className="mt-6 text-center text-sm text-slate-600">
        <AuthLink to="/auth/login">Back to sign in</AuthLink>
      </p>
    </>
  );
}
