import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function Component() {
  useDocumentTitle('Page not found');
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-4 py-16 text-center">
      <p className="text-sm font-semibold tracking-wide text-secondary uppercase">404</p>
      <h1 className="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl">Page not found</h1>
      <p className="mt-3 text-sm text-slate-600">The page you are looking for does not exist or has moved.</p>
      <Link to="/" className={buttonClasses({ variant: 'primary', className: 'mt-6' })}>
        Go to home page
      </Link>
    </div>
  );
}
