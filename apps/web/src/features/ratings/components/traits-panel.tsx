import { DOMAIN_LABELS, MAX_TRAITS_PER_DOMAIN, RATING_DOMAINS, type RatingDomain } from '@school/shared/ratings/constants';
import type { Traits } from '@school/shared/ratings/responses';
import { useEffect, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-client';
import { useSaveTraits } from '../api/ratings';

interface Row {
  /** null: a new trait. */
  id: string | null;
  name: string;
  active: boolean;
  rated: boolean;
}
type Lists = Record<RatingDomain, Row[]>;

const listsOf = (traits: Traits): Lists => ({
  affective: traits.affective.map((t) => ({ id: t.id, name: t.name, active: t.active, rated: t.rated })),
  psychomotor: traits.psychomotor.map((t) => ({ id: t.id, name: t.name, active: t.active, rated: t.rated })),
});

/**
 * The school's traits (administrators): rename, reorder, add, deactivate or remove; a trait with
 * ratings is deactivated rather than removed. Saved as a whole.
 */
export function TraitsPanel({ traits }: { traits: Traits }) {
  const [lists, setLists] = useState<Lists>(() => listsOf(traits));
  const [error, setError] = useState<string | null>(null);
  const save = useSaveTraits();
  useEffect(() => setLists(listsOf(traits)), [traits]);

  const update = (domain: RatingDomain, change: (rows: Row[]) => Row[]) => {
    setError(null);
    setLists((current) => ({ ...current, [domain]: change(current[domain]) }));
  };
  const move = (domain: RatingDomain, index: number, by: number) =>
    update(domain, (rows) => {
      const next = [...rows];
      const [row] = next.splice(index, 1);
      next.splice(Math.max(0, Math.min(next.length, index + by)), 0, row);
      return next;
    });

  const submit = async () => {
    try {
      await save.mutateAsync({
        affective: lists.affective.map((r) => ({ id: r.id, name: r.name, active: r.active })),
        psychomotor: lists.psychomotor.map((r) => ({ id: r.id, name: r.name, active: r.active })),
      });
      toast.success('Traits saved');
    } catch (e) {
      setError(isApiError(e) ? e.message : 'Something went wrong. Please try again.');
    }
  };

  return (
    <section aria-labelledby="traits-title" className="mt-8 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="traits-title" className="text-base font-semibold text-slate-900">
        Traits
      </h2>
      <p className="mb-3 text-sm text-slate-600">
        What the school rates each term, in the order shown on the report card (at most {MAX_TRAITS_PER_DOMAIN} active in each list). A trait with ratings is
        switched off instead of removed.
      </p>
      {error ? <Alert className="mb-3">{error}</Alert> : null}
      <div className="grid gap-6 md:grid-cols-2">
        {RATING_DOMAINS.map((domain) => (
          // min-w-0: a fieldset is otherwise as wide as its widest row, wider than a phone
          <fieldset key={domain} className="min-w-0">
            <legend className="mb-2 text-sm font-semibold text-slate-800">{DOMAIN_LABELS[domain]}</legend>
            <ul className="space-y-1.5">
              {lists[domain].map((row, i) => (
                <li key={row.id ?? `new-${i}`} className="flex items-center gap-1.5">
                  <input
                    type="text"
                    aria-label={`${DOMAIN_LABELS[domain]}: trait ${i + 1}`}
                    value={row.name}
                    onChange={(e) => update(domain, (rows) => rows.map((r, j) => (j === i ? { ...r, name: e.target.value } : r)))}
                    className="h-9 min-w-0 flex-1 rounded-md border border-slate-300 px-2 text-sm outline-none focus:border-primary focus:ring-2 focus:ring-primary/30"
                  />
                  <label className="flex items-center gap-1 text-xs text-slate-600">
                    <input
                      type="checkbox"
                      checked={row.active}
                      onChange={(e) => update(domain, (rows) => rows.map((r, j) => (j === i ? { ...r, active: e.target.checked } : r)))}
                    />
                    Rated
                  </label>
                  <Button size="sm" variant="gray" aria-label={`Move ${row.name || 'trait'} up`} disabled={i === 0} onClick={() => move(domain, i, -1)}>
                    ↑
                  </Button>
                  <Button
                    size="sm"
                    variant="gray"
                    aria-label={`Move ${row.name || 'trait'} down`}
                    disabled={i === lists[domain].length - 1}
                    onClick={() => move(domain, i, 1)}
                  >
                    ↓
                  </Button>
                  <Button
                    size="sm"
                    variant="gray"
                    aria-label={`Remove ${row.name || 'trait'}`}
                    title={row.rated ? 'Has ratings: it will be switched off' : undefined}
                    onClick={() => update(domain, (rows) => rows.filter((_, j) => j !== i))}
                  >
                    ✕
                  </Button>
                </li>
              ))}
            </ul>
            <Button
              size="sm"
              variant="secondary"
              className="mt-2"
              onClick={() => update(domain, (rows) => [...rows, { id: null, name: '', active: true, rated: false }])}
            >
              Add a trait
            </Button>
          </fieldset>
        ))}
      </div>
      <div className="mt-4 flex gap-2">
        <Button variant="primary" loading={save.isPending} loadingText="Saving…" onClick={() => void submit()}>
          Save traits
        </Button>
        <Button variant="gray" disabled={save.isPending} onClick={() => setLists(listsOf(traits))}>
          Undo changes
        </Button>
      </div>
    </section>
  );
}
