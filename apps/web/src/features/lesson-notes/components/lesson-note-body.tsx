import { sanitizeRichText } from '@school/shared/lesson-notes/rich-text';
import { cn } from '@/lib/cn';

/** How rich text looks, in the editor and when read. */
export const RICH_TEXT_CLASSES = cn(
  'text-sm leading-relaxed text-slate-800 break-words',
  '[&_p]:my-2 [&_h2]:mt-4 [&_h2]:mb-2 [&_h2]:text-lg [&_h2]:font-semibold [&_h2]:text-slate-900',
  '[&_h3]:mt-3 [&_h3]:mb-1.5 [&_h3]:text-base [&_h3]:font-semibold [&_h3]:text-slate-900',
  '[&_ul]:my-2 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-2 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-0.5',
  '[&_a]:font-medium [&_a]:text-secondary [&_a]:underline [&_strong]:font-semibold',
);

/**
 * A note's body. The server stores it cleaned; it is cleaned again here with the same allow-list
 * (p, br, strong, em, u, ul, ol, li, h2, h3, safe links) before it reaches the page.
 */
export function LessonNoteBody({ html, className }: { html: string; className?: string }) {
  return <div className={cn(RICH_TEXT_CLASSES, className)} dangerouslySetInnerHTML={{ __html: sanitizeRichText(html) }} />;
}
