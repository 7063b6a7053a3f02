import { Link } from 'react-router';
import { AUTH_LINKS } from '../constants';
import { FOCUS_RING_DARK, FOCUS_RING_LIGHT } from './tone';

/** Closing call to action, one card for school owners and one for families applying for admission. */
export function GetStartedSection({ tone }: { tone: 'light' | 'dark' }) {
  const dark = tone === 'dark';
  const focus = dark ? FOCUS_RING_DARK : FOCUS_RING_LIGHT;
  const card = dark ? 'bg-secondary text-white' : 'bg-white text-slate-700 ring-1 ring-[#E4D8F0] shadow-sm';
  const heading = dark ? 'text-white' : 'text-primary';
  const body = dark ? 'text-[#F1EAF8]' : 'text-slate-600';
  const button = 'mt-6 inline-flex items-center justify-center rounded-lg px-5 py-3 font-semibold shadow-sm';
  return (
    <section id="get-started" aria-labelledby="get-started-title" className={`scroll-mt-16 py-16 sm:py-20 ${dark ? 'bg-primary' : 'bg-[#F7F3FB]'}`}>
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <h2 id="get-started-title" className={`text-center text-3xl font-bold tracking-tight sm:text-4xl ${heading}`}>
          Ready for the new term?
        </h2>
        <div className="mt-10 grid gap-6 md:grid-cols-2">
          <div className={`rounded-2xl p-8 ${card}`}>
            <h3 className={`text-xl font-semibold ${heading}`}>For school owners</h3>
            <p className={`mt-2 leading-relaxed ${body}`}>
              Registering creates your organisation, your first school and your own super administrator account in one step. You can sign in straight away and
              add your staff, classes and students.
            </p>
            <Link
              to={AUTH_LINKS.registerSchool}
              className={`${button} ${dark ? 'bg-white text-primary hover:bg-[#F1EAF8]' : 'bg-primary text-white hover:bg-secondary'} ${focus}`}
            >
              Register your school
            </Link>
          </div>
          <div className={`rounded-2xl p-8 ${card}`}>
            <h3 className={`text-xl font-semibold ${heading}`}>For parents and applicants</h3>
            <p className={`mt-2 leading-relaxed ${body}`}>
              Buy an admission form serial code from the school, enter it here and fill in the school’s application form online. The school will tell you when
              your application is accepted.
            </p>
            <Link
              to={AUTH_LINKS.applyForAdmission}
              className={`${button} ${dark ? 'text-white ring-1 ring-white/70 hover:bg-white/10' : 'bg-white text-primary ring-1 ring-primary/40 hover:bg-[#F7F3FB]'} ${focus}`}
            >
              Apply for admission
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
