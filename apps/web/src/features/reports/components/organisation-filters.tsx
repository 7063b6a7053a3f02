import { TERMS } from '@school/shared/constants';
import type { OrganisationReportOptions } from '@school/shared/reports/responses';
import { SelectField } from '@/components/ui/select-field';

export interface OrganisationChoice {
  schoolId: string;
  sessionName: string;
  term: string;
}

/** The first choice of an organisation report: every school, the session most schools are in, its current term. */
export const defaultChoice = (options: OrganisationReportOptions): OrganisationChoice => ({
  schoolId: '',
  sessionName: options.defaultSessionName ?? '',
  term: options.defaultTerm ?? 'First',
});

/** School, session (by name: each school has its own sessions) and, for fees, term. */
export function OrganisationFilters({
  options,
  value,
  onChange,
  session = true,
  term = false,
}: {
  options: OrganisationReportOptions;
  value: OrganisationChoice;
  onChange: (next: OrganisationChoice) => void;
  session?: boolean;
  term?: boolean;
}) {
  return (
    <>
      <SelectField
        label="School"
        value={value.schoolId}
        onChange={(e) => onChange({ ...value, schoolId: e.target.value })}
        options={[{ value: '', label: 'All schools' }, ...options.schools.map((s) => ({ value: s.id, label: s.name }))]}
      />
      {session ? (
        <SelectField
          label="Session"
          value={value.sessionName}
          onChange={(e) => onChange({ ...value, sessionName: e.target.value })}
          options={options.sessionNames.length ? options.sessionNames : [{ value: '', label: 'No sessions yet' }]}
        />
      ) : null}
      {term ? (
        <SelectField
          label="Term"
          value={value.term}
          onChange={(e) => onChange({ ...value, term: e.target.value })}
          options={TERMS.map((t) => ({ value: t, label: `${t} term` }))}
        />
      ) : null}
    </>
  );
}
