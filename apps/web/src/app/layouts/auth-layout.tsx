import { Link, Outlet, useNavigation } from 'react-router';
import { Logo } from '@/components/ui/logo';
import { Spinner } from '@/components/ui/spinner';
import { APP_NAME } from '@/lib/app-info';

/** Full-screen patterned background with a purple overlay and a centred white card. */
export function AuthLayout() {
  const navigation = useNavigation();
  return (
    <div className="relative isolate flex min-h-dvh flex-col items-center justify-center overflow-hidden bg-secondary px-3 py-8 sm:px-6">
      <div aria-hidden="true" className="absolute inset-0 -z-20 bg-[url('/auth-pattern.svg')] bg-[length:120px_120px] bg-repeat" />
      <div aria-hidden="true" className="absolute inset-0 -z-10 bg-gradient-to-br from-primary/80 via-primary/80 to-[#1d0833]/90" />
      <main className="w-full max-w-md">
        <div className="mb-6 flex justify-center">
          <Link to="/" className="rounded-lg" aria-label={`${APP_NAME} home`}>
            <Logo tone="light" />
          </Link>
        </div>
        <div className="relative rounded-2xl bg-white p-6 shadow-2xl shadow-black/20 sm:p-8">
          {navigation.state === 'loading' ? (
            <div className="absolute top-4 right-4 text-secondary">
              <Spinner size="sm" label="Loading" />
            </div>
          ) : null}
          <Outlet />
        </div>
        <p className="mt-6 text-center text-xs text-white/70">
          © {new Date().getFullYear()} {APP_NAME}. School management for admissions, academics, records and fees.
        </p>
      </main>
    </div>
  );
}
