import { BADGE_COLORS } from '@school/shared/constants';
import { isGoodScore } from '@school/shared/teacher-comments/schemas';
import { CloseIcon } from '@/components/ui/icons';

export interface CommentChipProps {
  comment: string;
  score: number;
  /** The subject the comment is about, shown on hover and to screen readers. */
  subjectName?: string | null;
  /** Shows a remove button. */
  onRemove?: () => void;
}

/** A teacher's comment as a chip: green when its score is 5 or more, pink below (spec section 4). */
export function CommentChip({ comment, score, subjectName, onRemove }: CommentChipProps) {
  const tone = isGoodScore(score) ? 'green' : 'pink';
  const colors = BADGE_COLORS[tone];
  const label = `${comment}, score ${score} of 10${subjectName ? `, ${subjectName}` : ''}`;
  return (
    <span
      data-tone={tone}
      title={subjectName ? `${subjectName} · ${score}/10` : `${score}/10`}
      className="inline-flex items-center gap-1 rounded-full py-0.5 pr-1 pl-2.5 text-xs font-semibold"
      style={{ backgroundColor: colors.background, color: colors.text }}
    >
      <span aria-hidden="true">{comment}</span>
      <span aria-hidden="true" className="rounded-full bg-white/70 px-1.5 tabular-nums">
        {score}
      </span>
      <span className="sr-only">{label}</span>
      {onRemove ? (
        <button
          type="button"
          onClick={onRemove}
          aria-label={`Remove comment ${comment}`}
          className="rounded-full p-0.5 hover:bg-white/70 focus-visible:outline-2"
        >
          <CloseIcon size={12} />
        </button>
      ) : null}
    </span>
  );
}
