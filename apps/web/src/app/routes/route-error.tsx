import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { AlertIcon } from '@/components/ui/icons';
import { useDocumentTitle } from '@/hooks/use-document-title';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error && /dynamically imported module|Importing a module script failed/i.test(error.message)) {
    return 'A newer version of the app is available. Reload the page to continue.';
  }
  if (error instanceof Error) return error.message;
  return 'Something went wrong while showing this page.';
}

/** The route-level error page of every area. */
export function RouteErrorPage() {
  const error = useRouteError();
  useDocumentTitle('Unexpected Application Error!');
  return (
    <div role="alert" className="mx-auto flex max-w-lg flex-col items-center px-4 py-16 text-center">
      <div className="mb-4 flex size-14 items-center justify-center rounded-full bg-red-50 text-red-700">
        <AlertIcon size={28} />
      </div>
      <h1 className="text-xl font-bold text-slate-900 sm:text-2xl">Unexpected Application Error!</h1>
      <p className="mt-2 text-sm break-words text-slate-600">{describe(error)}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-2">
        <Button variant="primary" onClick={() => window.location.reload()}>
          Reload page
        </Button>
        <Link to="/" className={buttonClasses({ variant: 'gray' })}>
          Go to home page
        </Link>
      </div>
    </div>
  );
}
