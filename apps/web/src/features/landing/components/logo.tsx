import { PRODUCT_NAME } from '../constants';

/** Product mark (an open book) and word mark. Decorative mark; the name is real text. */
export function Logo({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  const dark = tone === 'dark';
  return (
    <span className="inline-flex items-center gap-2">
      <svg viewBox="0 0 32 32" className="size-8 shrink-0" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill={dark ? '#FFFFFF' : '#3C1263'} />
        <path
          d="M7.5 10.5c2.9-1 5.7-.6 8.5 1.3 2.8-1.9 5.6-2.3 8.5-1.3v11.7c-2.9-1-5.7-.6-8.5 1.3-2.8-1.9-5.6-2.3-8.5-1.3zM16 11.8v11.7"
          fill="none"
          stroke={dark ? '#3C1263' : '#FFFFFF'}
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
        <circle cx="25" cy="7" r="3" fill="#45A2E5" />
      </svg>
      <span className={`text-xl font-bold tracking-tight ${dark ? 'text-white' : 'text-primary'}`}>{PRODUCT_NAME}</span>
    </span>
  );
}
