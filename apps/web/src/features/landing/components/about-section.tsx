import { PRODUCT_NAME } from '../constants';
import { SCHOOL_FIT } from '../content';
import { Icon } from './icon';
import { Section } from './section';
import { TONES, type Tone } from './tone';

export function AboutSection({ tone }: { tone: Tone }) {
  const t = TONES[tone];
  return (
    <Section
      id="about"
      tone={tone}
      eyebrow="About us"
      title="School management built around how Nigerian schools work"
      intro={
        <p>
          {PRODUCT_NAME} is a web application for school owners and their staff. It keeps admissions, academics, records, attendance and fees for all your
          schools in one place, and gives teachers, students and parents their own view of it. Each school sees only its own records, and every change to scores
          is logged.
        </p>
      }
    >
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {SCHOOL_FIT.map((item) => (
          <li key={item.title} className={`rounded-2xl p-6 ${t.card}`}>
            <span className={`inline-flex size-9 items-center justify-center rounded-full ${t.iconChip}`}>
              <Icon name="check" className="size-5" />
            </span>
            <h3 className={`mt-4 text-lg font-semibold ${t.cardTitle}`}>{item.title}</h3>
            <p className={`mt-2 leading-relaxed ${t.cardBody}`}>{item.description}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
