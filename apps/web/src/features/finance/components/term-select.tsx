import type { TermOption } from '@school/shared/finance/responses';
import { SelectField } from '@/components/ui/select-field';

export const termLabel = (t: TermOption) => `${t.name} Term ${t.sessionName}${t.isCurrent ? ' (current)' : ''}`;

export function TermSelect({ terms, value, onChange }: { terms: TermOption[]; value: string; onChange: (id: string) => void }) {
  return (
    <SelectField label="Term" value={value} onChange={(e) => onChange(e.target.value)} options={terms.map((t) => ({ value: t.id, label: termLabel(t) }))} />
  );
}
