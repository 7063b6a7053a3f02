import { homePathFor } from '@school/shared/auth/roles';
import { Link, useNavigate } from 'react-router';
import { toast } from '@/components/ui/toast';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { SchoolRegisterForm } from '../components/school-register-form';

/** /auth/school-register: a new customer registers their school and lands on their dashboard. */
export function Component() {
  useDocumentTitle('Register your school');
  const navigate = useNavigate();
  return (
    <>
      <div className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Register your school</h1>
        <p className="mt-1.5 text-sm text-slate-600">Set up your school and your owner’s account. You can add more schools later.</p>
      </div>
      <SchoolRegisterForm
        onSuccess={(user) => {
          toast.success('Your school is registered. Welcome!');
          void navigate(homePathFor(user), { replace: true });
        }}
      />
      <p className="mt-6 border-t border-slate-200 pt-5 text-center text-sm text-slate-600">
        Already registered?{' '}
        <Link to="/auth/login" className="font-semibold text-secondary hover:text-primary hover:underline">
          Sign in
        </Link>
      </p>
    </>
  );
}
