import type { StudentFigures } from '@school/shared/dashboards/responses';
import { Link } from 'react-router';
import { AwardIcon, CalendarCheckIcon, WalletIcon } from '@/components/ui/icons';
import { formatNaira } from '@/lib/format';
import { percent, StatCard } from './figures-ui';

const link = 'font-semibold text-secondary hover:underline';

export interface StudentLinks {
  attendance: string;
  results: string;
  fees: string;
}

const ordinal = (n: number) => {
  const s = ['th', 'st', 'nd', 'rd'];
  const v = n % 100;
  return `${n}${s[(v - 20) % 10] ?? s[v] ?? s[0]}`;
};

/** A student's attendance this term, latest published results and fee balance, as three cards. */
export function StudentSummary({ figures, links, termName }: { figures: StudentFigures; links: StudentLinks; termName: string | null }) {
  const a = figures.attendance;
  const r = figures.results;
  const f = figures.fees;
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
      <StatCard
        label={termName ? `Attendance · ${termName} term` : 'Attendance this term'}
        value={a.rate === null ? 'No register yet' : percent(a.rate)}
        icon={<CalendarCheckIcon size={20} />}
        detail={
          a.rate === null ? 'No register taken this term' : `Present ${a.present + a.late} of ${a.daysOpen} days open${a.late ? ` (${a.late} late)` : ''}`
        }
        action={
          <Link to={links.attendance} className={link}>
            Attendance<span className="sr-only"> of {figures.name}</span>
          </Link>
        }
      />
      <StatCard
        label="Latest results"
        value={
          r.status === 'published'
            ? r.average === null
              ? '—'
              : `${r.average.toFixed(1)}%`
            : r.status === 'locked'
              ? 'PIN needed'
              : r.status === 'withheld'
                ? 'Withheld'
                : 'None yet'
        }
        icon={<AwardIcon size={20} />}
        detail={
          r.status === 'published'
            ? `${r.termName} term ${r.sessionName} · ${r.position ? `${ordinal(r.position)} of ${r.studentCount}` : 'no position'}`
            : r.status === 'locked'
              ? 'Enter a result-checker PIN to see the newest results'
              : r.status === 'withheld'
                ? `Withheld until the school fees are paid: ${formatNaira(r.owedKobo)} owed`
                : 'No results published yet'
        }
        action={
          <Link to={links.results} className={link}>
            Results<span className="sr-only"> of {figures.name}</span>
          </Link>
        }
      />
      <StatCard
        label="Fee balance"
        value={f ? formatNaira(f.outstandingKobo) : 'No fees yet'}
        icon={<WalletIcon size={20} />}
        detail={
          f
            ? f.outstandingKobo === 0
              ? `Fully paid${f.creditKobo > 0 ? ` · ${formatNaira(f.creditKobo)} credit` : ''}`
              : `${formatNaira(f.paidKobo)} paid of ${formatNaira(f.dueKobo)}`
            : 'No invoice issued yet'
        }
        action={
          <Link to={links.fees} className={link}>
            Fees<span className="sr-only"> of {figures.name}</span>
          </Link>
        }
      />
    </div>
  );
}
