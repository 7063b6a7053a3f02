import { Link } from 'react-router';

/**
 * The students of a class without a comment of one kind, named before the results go out (issue 18):
 * a reminder with the way to write them, never a reason to refuse publication.
 */
export function MissingComments({ names, classLabel, kind, to }: { names: string[]; classLabel: string | undefined; kind: string; to: string }) {
  if (names.length === 0) return null;
  return (
    <div className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      <p>
        {names.length === 1 ? '1 student' : `${names.length} students`} of {classLabel} {names.length === 1 ? 'has' : 'have'} no {kind} comment yet:{' '}
        {names.slice(0, 8).join(', ')}
        {names.length > 8 ? ` and ${names.length - 8} more` : ''}.
      </p>
      <Link to={to} className="mt-1 inline-block font-semibold text-secondary hover:underline">
        Write the {kind} comments
      </Link>
    </div>
  );
}
