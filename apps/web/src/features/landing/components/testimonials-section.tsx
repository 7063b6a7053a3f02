import { Link } from 'react-router';
import { AUTH_LINKS, PRODUCT_NAME } from '../constants';
import { EXPECTATIONS } from '../content';
import { Section } from './section';
import { FOCUS_RING_DARK, FOCUS_RING_LIGHT, TONES, type Tone } from './tone';

/**
 * The product is new: no customer quotes are shown (none exist yet). The section says so, lists what
 * a school can expect, and invites schools to be among the first.
 */
export function TestimonialsSection({ tone }: { tone: Tone }) {
  const t = TONES[tone];
  const dark = tone === 'dark';
  return (
    <Section
      id="testimonials"
      tone={tone}
      eyebrow="Testimonials"
      title="Your school could be our first story"
      intro={
        <p>{PRODUCT_NAME} is new, so we have no customer testimonials to show yet, and we will not make any up. Here is what we are building for instead.</p>
      }
    >
      <h3 className={`text-center text-sm font-semibold tracking-wide uppercase ${t.eyebrow}`}>What your school can expect</h3>
      <ul className="mt-6 grid gap-6 lg:grid-cols-3">
        {EXPECTATIONS.map((item, index) => (
          <li key={item.title} className={`rounded-2xl p-6 ${t.card}`}>
            <span aria-hidden="true" className={`text-3xl font-extrabold ${dark ? 'text-white' : 'text-secondary'}`}>
              {String(index + 1).padStart(2, '0')}
            </span>
            <h4 className={`mt-3 text-lg font-semibold ${t.cardTitle}`}>{item.title}</h4>
            <p className={`mt-2 leading-relaxed ${t.cardBody}`}>{item.description}</p>
          </li>
        ))}
      </ul>
      <p className={`mt-10 text-center text-lg ${t.body}`}>
        Want to help shape it?{' '}
        <Link
          to={AUTH_LINKS.registerSchool}
          className={`rounded font-semibold underline underline-offset-4 ${dark ? 'text-white' : 'text-primary'} ${dark ? FOCUS_RING_DARK : FOCUS_RING_LIGHT}`}
        >
          Register your school and be among the first
        </Link>
        .
      </p>
    </Section>
  );
}
