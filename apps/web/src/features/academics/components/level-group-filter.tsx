import { CLASS_LEVEL_GROUPS, type ClassLevelGroup } from '@school/shared/constants';
import { cn } from '@/lib/cn';

export type LevelGroupChoice = ClassLevelGroup | 'All';
const CHOICES: LevelGroupChoice[] = ['All', ...(Object.keys(CLASS_LEVEL_GROUPS) as ClassLevelGroup[])];

export function isInLevelGroup(level: string, group: LevelGroupChoice): boolean {
  return group === 'All' || (CLASS_LEVEL_GROUPS[group] as readonly string[]).includes(level);
}

/** All, Nursery, Primary, JSS, SSS: a row of toggle buttons that narrows a list of classes. */
export function LevelGroupFilter({ value, onChange }: { value: LevelGroupChoice; onChange: (group: LevelGroupChoice) => void }) {
  return (
    <div role="group" aria-label="Filter by level" className="flex flex-wrap gap-2">
      {CHOICES.map((choice) => (
        <button
          key={choice}
          type="button"
          aria-pressed={value === choice}
          onClick={() => onChange(choice)}
          className={cn(
            'h-9 rounded-full border px-4 text-sm font-medium transition-colors',
            value === choice
              ? 'border-secondary bg-secondary text-white'
              : 'border-slate-300 bg-white text-slate-700 hover:border-secondary hover:text-secondary',
          )}
        >
          {choice === 'All' ? 'All levels' : choice}
        </button>
      ))}
    </div>
  );
}
