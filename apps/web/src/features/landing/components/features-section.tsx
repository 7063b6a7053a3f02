import { PRODUCT_NAME } from '../constants';
import { MODULES } from '../content';
import { Icon } from './icon';
import { Section } from './section';
import { TONES, type Tone } from './tone';

export function FeaturesSection({ tone }: { tone: Tone }) {
  const t = TONES[tone];
  return (
    <Section
      id="features"
      tone={tone}
      eyebrow="Features"
      title="Everything a term needs, in eight modules"
      intro={<p>From the first admission form to the last report card of the session, {PRODUCT_NAME} covers the work your office does every term.</p>}
    >
      <ul aria-label="Modules" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {MODULES.map((module) => (
          <li key={module.title} className={`flex flex-col rounded-2xl p-6 ${t.card}`}>
            <span className={`inline-flex size-11 items-center justify-center rounded-xl ${t.iconChip}`}>
              <Icon name={module.icon} />
            </span>
            <h3 className={`mt-5 text-lg font-semibold ${t.cardTitle}`}>{module.title}</h3>
            <p className={`mt-2 text-[0.95rem] leading-relaxed ${t.cardBody}`}>{module.description}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
