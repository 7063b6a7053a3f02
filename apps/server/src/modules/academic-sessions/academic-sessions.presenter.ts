import type { SessionResponse, TermResponse } from '@school/shared/academics/responses';
import type { SessionStatus } from '@school/shared/constants';

interface SessionLike {
  id: string;
  name: string;
  status: string;
}
interface TermLike {
  id: string;
  name: string;
  startDate: string;
  endDate: string;
  isCurrent: boolean;
}

const TERM_ORDER = ['First', 'Second', 'Third'];

export function presentTerm(term: TermLike): TermResponse {
  return { id: term.id, name: term.name, startDate: term.startDate, endDate: term.endDate, isCurrent: term.isCurrent };
}

/** A session with its terms, First to Third. */
export function presentSession(session: SessionLike, terms: TermLike[]): SessionResponse {
  return {
    id: session.id,
    name: session.name,
    status: session.status as SessionStatus,
    terms: [...terms].sort((a, b) => TERM_ORDER.indexOf(a.name) - TERM_ORDER.indexOf(b.name)).map(presentTerm),
  };
}
