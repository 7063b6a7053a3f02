/**
 * Colour treatment of a landing section. Both page designs use the same sections and pick a tone
 * per section. Contrast: #45A2E5 (tertiary) is used as text only on the primary background
 * (5.2:1), never on white (2.8:1) or on the secondary purple (3.0:1).
 */
export type Tone = 'light' | 'muted' | 'dark';

export interface ToneClasses {
  section: string;
  eyebrow: string;
  title: string;
  body: string;
  card: string;
  cardTitle: string;
  cardBody: string;
  iconChip: string;
  accent: string;
}

export const TONES: Record<Tone, ToneClasses> = {
  light: {
    section: 'bg-white text-slate-900',
    eyebrow: 'text-secondary',
    title: 'text-primary',
    body: 'text-slate-600',
    card: 'bg-white ring-1 ring-slate-200 shadow-sm',
    cardTitle: 'text-primary',
    cardBody: 'text-slate-600',
    iconChip: 'bg-primary text-white',
    accent: 'text-secondary',
  },
  muted: {
    section: 'bg-[#F7F3FB] text-slate-900',
    eyebrow: 'text-secondary',
    title: 'text-primary',
    body: 'text-slate-700',
    card: 'bg-white ring-1 ring-[#E4D8F0] shadow-sm',
    cardTitle: 'text-primary',
    cardBody: 'text-slate-600',
    iconChip: 'bg-secondary text-white',
    accent: 'text-secondary',
  },
  dark: {
    section: 'bg-primary text-white',
    eyebrow: 'text-tertiary',
    title: 'text-white',
    body: 'text-[#E9DFF5]',
    card: 'bg-secondary ring-1 ring-white/10',
    cardTitle: 'text-white',
    cardBody: 'text-[#F1EAF8]',
    iconChip: 'bg-tertiary text-primary',
    accent: 'text-tertiary',
  },
};

/** Shared focus ring for links and buttons on light and dark backgrounds. */
export const FOCUS_RING_LIGHT = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-secondary';
export const FOCUS_RING_DARK = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-tertiary';
