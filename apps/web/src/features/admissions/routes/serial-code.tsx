import { Link, useNavigate } from 'react-router';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { SerialCodeForm } from '../components/serial-code-form';
import { saveApplicationToken } from '../lib/application-token';

/** /auth/serial-code: a valid code opens the school's application form. */
export function Component() {
  useDocumentTitle('Apply for admission');
  const navigate = useNavigate();
  return (
    <>
      <div className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Apply for admission</h1>
        <p className="mt-1.5 text-sm text-slate-600">Enter the serial code of your admission form to open the school’s application form.</p>
      </div>
      <SerialCodeForm
        onAccepted={(result) => {
          saveApplicationToken(result);
          void navigate('/auth/application', { state: result });
        }}
      />
      <p className="mt-6 border-t border-slate-200 pt-5 text-center text-sm text-slate-600">
        Already have an account?{' '}
        <Link to="/auth/login" className="font-semibold text-secondary hover:text-primary hover:underline">
          Sign in
        </Link>
      </p>
    </>
  );
}
