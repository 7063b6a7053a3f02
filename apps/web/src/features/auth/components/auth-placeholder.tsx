import { useDocumentTitle } from '@/hooks/use-document-title';
import { AuthLink } from './auth-link';
import { AuthPageHeader } from './auth-page-header';

export interface AuthPlaceholderProps {
  title: string;
  /** What will be here and when; no fake fields. */
  description: string;
}

/** An unauthenticated page whose form comes with a later module. */
export function AuthPlaceholder({ title, description }: AuthPlaceholderProps) {
  useDocumentTitle(title);
  return (
    <>
      <AuthPageHeader title={title} />
      <p className="rounded-lg bg-slate-50 px-4 py-3.5 text-sm text-slate-700">{description}</p>
      <p className="mt-6 text-center text-sm text-slate-600">
        Already have an account? <AuthLink to="/auth/login">Sign in</AuthLink>
      </p>
    </>
  );
}
