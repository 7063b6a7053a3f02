import type { ReactNode } from 'react';
import { Link } from 'react-router';

export function AuthLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="font-semibold text-secondary hover:text-primary hover:underline">
      {children}
    </Link>
  );
}
