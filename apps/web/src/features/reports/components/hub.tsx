import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ChevronLeftIcon, ChevronRightIcon, type IconComponent } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';

export interface HubCard {
  to: string;
  title: string;
  description: string;
  icon: IconComponent;
}

interface ReportsHubProps {
  title: string;
  description: string;
  cards: HubCard[];
  /** A way back up (a school's hub leads back to all schools). */
  backTo?: { to: string; label: string };
  /** More below the cards. */
  children?: ReactNode;
}

/** A reports hub: one card per report. */
export function ReportsHub({ title, description, cards, backTo, children }: ReportsHubProps) {
  return (
    <>
      {backTo ? (
        <Link to={backTo.to} className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-secondary hover:underline">
          <ChevronLeftIcon size={16} /> {backTo.label}
        </Link>
      ) : null}
      <PageHeader title={title} description={description} />
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {cards.map(({ to, title: cardTitle, description: text, icon: Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="group flex h-full flex-col rounded-xl border border-slate-200 bg-white p-5 transition-shadow hover:border-secondary/40 hover:shadow-md"
            >
              <span className="mb-3 flex size-10 items-center justify-center rounded-lg bg-primary-50 text-secondary" aria-hidden="true">
                <Icon size={20} />
              </span>
              <span className="flex items-center justify-between gap-2 text-base font-semibold text-slate-900">
                {cardTitle}
                <ChevronRightIcon size={18} className="text-slate-400 group-hover:text-secondary" />
              </span>
              <span className="mt-1 text-sm text-slate-600">{text}</span>
            </Link>
          </li>
        ))}
      </ul>
      {children}
    </>
  );
}
