import { Link } from 'react-router';
import { AUTH_LINKS, PRODUCT_NAME } from '../constants';
import { HERO, ILLUSTRATIONS } from '../content';
import { Icon } from './icon';
import { FOCUS_RING_DARK, FOCUS_RING_LIGHT } from './tone';

function illustrationSrc(file: string) {
  return `${import.meta.env.BASE_URL ?? '/'}${file}`;
}

function HeroActions({ tone, centred = false }: { tone: 'light' | 'dark'; centred?: boolean }) {
  const dark = tone === 'dark';
  const focus = dark ? FOCUS_RING_DARK : FOCUS_RING_LIGHT;
  const base =
    'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-lg px-5 py-3 text-base font-semibold shadow-sm motion-safe:transition-colors';
  return (
    <div className={centred ? 'flex flex-col items-center' : ''}>
      <div className={`flex flex-col gap-3 sm:flex-row ${centred ? 'sm:justify-center' : ''}`}>
        <Link
          to={AUTH_LINKS.registerSchool}
          className={`${base} ${dark ? 'bg-white text-primary hover:bg-[#F1EAF8]' : 'bg-primary text-white hover:bg-secondary'} ${focus}`}
        >
          Register your school
          <Icon name="arrowRight" className="size-5" />
        </Link>
        <Link
          to={AUTH_LINKS.applyForAdmission}
          className={`${base} ${
            dark ? 'text-white ring-1 ring-white/60 hover:bg-white/10' : 'bg-white text-primary ring-1 ring-primary/30 hover:bg-[#F7F3FB]'
          } ${focus}`}
        >
          Apply for admission
        </Link>
      </div>
      <p className={`mt-4 text-sm ${dark ? 'text-[#E9DFF5]' : 'text-slate-600'}`}>
        Already using {PRODUCT_NAME}?{' '}
        <Link to={AUTH_LINKS.login} className={`rounded font-semibold underline underline-offset-4 ${dark ? 'text-white' : 'text-primary'} ${focus}`}>
          Log in
        </Link>
      </p>
    </div>
  );
}

/** Design 1 (/): purple hero, text on the left and the dashboard preview on the right. */
export function HeroSpotlight() {
  const art = ILLUSTRATIONS.dashboard;
  return (
    <section id="home" aria-labelledby="home-title" className="relative isolate scroll-mt-16 overflow-hidden bg-primary text-white">
      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-16 sm:px-6 sm:py-20 lg:grid-cols-2 lg:items-center lg:px-8 lg:py-28">
        <div>
          <p className="inline-flex rounded-full bg-secondary px-3 py-1 text-sm font-medium text-white ring-1 ring-white/20">{HERO.eyebrow}</p>
          <h1 id="home-title" className="mt-6 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl xl:text-6xl">
            {HERO.titleLead} <span className="text-tertiary">{HERO.titleEmphasis}</span>
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-[#E9DFF5]">{HERO.lead}</p>
          <div className="mt-8">
            <HeroActions tone="dark" />
          </div>
        </div>
        {/* Decoration stays behind the picture only, so text always sits on the plain purple. */}
        <div className="relative isolate">
          <div aria-hidden="true" className="pointer-events-none absolute -inset-6 -z-10 rounded-full bg-secondary opacity-70 blur-3xl" />
          <div aria-hidden="true" className="pointer-events-none absolute -right-4 -bottom-6 -z-10 size-40 rounded-full bg-tertiary opacity-30 blur-2xl" />
          <img
            src={illustrationSrc(art.file)}
            width={art.width}
            height={art.height}
            alt={art.alt}
            className="mx-auto h-auto w-full max-w-xl rounded-2xl shadow-2xl ring-1 ring-white/10"
          />
        </div>
      </div>
    </section>
  );
}

/** Design 2 (/web/home2): light hero, centred copy, highlight chips and the report-card preview below. */
export function HeroCentred() {
  const art = ILLUSTRATIONS.reportCard;
  return (
    <section id="home" aria-labelledby="home-title" className="relative isolate scroll-mt-16 overflow-hidden bg-[#F7F3FB]">
      <div className="mx-auto max-w-7xl px-4 pt-16 pb-12 text-center sm:px-6 sm:pt-24 lg:px-8">
        <p className="inline-flex rounded-full bg-white px-3 py-1 text-sm font-semibold text-secondary ring-1 ring-[#E4D8F0]">{HERO.eyebrow}</p>
        <h1 id="home-title" className="mx-auto mt-6 max-w-4xl text-4xl font-extrabold tracking-tight text-balance text-primary sm:text-5xl xl:text-6xl">
          {HERO.titleLead} <span className="text-secondary underline decoration-tertiary decoration-4 underline-offset-8">{HERO.titleEmphasis}</span>
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg leading-relaxed text-slate-700">{HERO.lead}</p>
        <div className="mt-8">
          <HeroActions tone="light" centred />
        </div>
        <ul className="mx-auto mt-10 flex max-w-3xl flex-wrap justify-center gap-3">
          {HERO.highlights.map((item) => (
            <li
              key={item}
              className="inline-flex items-center gap-2 rounded-full bg-white px-4 py-2 text-sm font-medium text-primary shadow-sm ring-1 ring-[#E4D8F0]"
            >
              <Icon name="check" className="size-4 text-secondary" />
              {item}
            </li>
          ))}
        </ul>
        <div className="relative isolate mx-auto mt-12 max-w-4xl">
          <div aria-hidden="true" className="pointer-events-none absolute -top-8 -left-10 -z-10 size-40 rounded-full border-[1.5rem] border-tertiary/25" />
          <div aria-hidden="true" className="pointer-events-none absolute -right-10 -bottom-8 -z-10 size-48 rounded-full bg-secondary/15" />
          <img
            src={illustrationSrc(art.file)}
            width={art.width}
            height={art.height}
            alt={art.alt}
            className="h-auto w-full rounded-2xl shadow-xl ring-1 ring-[#E4D8F0]"
          />
        </div>
      </div>
    </section>
  );
}
