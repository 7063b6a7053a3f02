import { useNavigate } from 'react-router';
import { toast } from '@/components/ui/toast';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { AuthLink } from '../components/auth-link';
import { AuthPageHeader } from '../components/auth-page-header';
import { RegisterForm } from '../components/register-form';

export function Component() {
  useDocumentTitle('Create your account');
  const navigate = useNavigate();

  return (
    <>
      <AuthPageHeader title="Create your account" description="Use the email address and the invitation code your school sent you." />
      <RegisterForm
        onSuccess={() => {
          toast.success('Your account is ready');
          navigate('/auth/login', { replace: true });
        }}
      />
      <p className="mt-6 text-center text-sm text-slate-600">
        Already have an account? <AuthLink to="/auth/login">Sign in</AuthLink>
      </p>
    </>
  );
}
