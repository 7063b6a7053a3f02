import { USER_GROUPS } from '../content';
import { Icon } from './icon';
import { Section } from './section';
import { TONES, type Tone } from './tone';

export function UserGroupsSection({ tone }: { tone: Tone }) {
  const t = TONES[tone];
  return (
    <Section
      id="users"
      tone={tone}
      eyebrow="Who it is for"
      title="One system, the right view for everyone"
      intro={<p>Every person signs in with their own email and password and sees only what their role allows.</p>}
    >
      <ul aria-label="User groups" className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {USER_GROUPS.map((group) => (
          <li key={group.title} className={`rounded-2xl p-6 ${t.card}`}>
            <div className="flex items-center gap-3">
              <span className={`inline-flex size-11 shrink-0 items-center justify-center rounded-xl ${t.iconChip}`}>
                <Icon name={group.icon} />
              </span>
              <h3 className={`text-lg font-semibold ${t.cardTitle}`}>{group.title}</h3>
            </div>
            <p className={`mt-3 font-medium ${t.cardBody}`}>{group.summary}</p>
            <ul className="mt-4 space-y-2">
              {group.abilities.map((ability) => (
                <li key={ability} className={`flex gap-2 text-[0.95rem] leading-snug ${t.cardBody}`}>
                  <Icon name="check" className={`mt-0.5 size-4 shrink-0 ${t.accent}`} />
                  <span>{ability}</span>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </Section>
  );
}
