import { SelectField } from '@/components/ui/select-field';

/** A term choice over the report's own list of the session's terms. */
export function TermSelect({ terms, value, onChange }: { terms: Array<{ id: string; name: string }>; value: string; onChange: (id: string) => void }) {
  return (
    <SelectField label="Term" value={value} onChange={(e) => onChange(e.target.value)} options={terms.map((t) => ({ value: t.id, label: `${t.name} term` }))} />
  );
}
