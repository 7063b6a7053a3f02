import { useNavigate, useSearchParams } from 'react-router';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { AuthLink } from '../components/auth-link';
import { AuthPageHeader } from '../components/auth-page-header';
import { LoginForm } from '../components/login-form';
import { redirectAfterLogin } from '../lib/redirect-after-login';

export function Component() {
  useDocumentTitle('Sign in');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();

  return (
    <>
      <AuthPageHeader title="Welcome back" description="Sign in to your school account." />
      <LoginForm onSuccess={(user) => navigate(redirectAfterLogin(searchParams.get('redirectTo'), user), { replace: true })} />
      <div className="mt-6 space-y-2 border-t border-slate-200 pt-5 text-center text-sm text-slate-600">
        <p>
          Invited by your school? <AuthLink to="/auth/register">Create your account</AuthLink>
        </p>
        <p>
          New school? <AuthLink to="/auth/school-register">Register your school</AuthLink>
        </p>
      </div>
    </>
  );
}
