import type { ReactNode } from 'react';
import { TONES, type Tone } from './tone';

interface SectionProps {
  id: string;
  tone: Tone;
  eyebrow: string;
  title: string;
  intro?: ReactNode;
  /** Centre the heading block (default) or align it left. */
  align?: 'center' | 'left';
  children: ReactNode;
}

/** A page section with an eyebrow, an h2 that labels the section, and an optional intro. */
export function Section({ id, tone, eyebrow, title, intro, align = 'center', children }: SectionProps) {
  const t = TONES[tone];
  const titleId = `${id}-title`;
  const centred = align === 'center';
  return (
    <section id={id} aria-labelledby={titleId} className={`scroll-mt-16 py-16 sm:py-20 lg:py-24 ${t.section}`}>
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className={centred ? 'mx-auto max-w-3xl text-center' : 'max-w-3xl'}>
          <p className={`text-sm font-semibold tracking-wide uppercase ${t.eyebrow}`}>{eyebrow}</p>
          <h2 id={titleId} className={`mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl ${t.title}`}>
            {title}
          </h2>
          {intro ? <div className={`mt-4 text-lg leading-relaxed ${t.body}`}>{intro}</div> : null}
        </div>
        <div className="mt-12">{children}</div>
      </div>
    </section>
  );
}
