import { AboutSection } from '../components/about-section';
import { FeaturesSection } from '../components/features-section';
import { GetStartedSection } from '../components/get-started-section';
import { HeroSpotlight } from '../components/hero';
import { LandingLayout } from '../components/landing-layout';
import { TestimonialsSection } from '../components/testimonials-section';
import { UserGroupsSection } from '../components/user-groups-section';

/** Public landing page, route `/`: light header, purple hero with the dashboard preview. */
export default function HomePage() {
  return (
    <LandingLayout headerTone="light">
      <HeroSpotlight />
      <AboutSection tone="light" />
      <FeaturesSection tone="muted" />
      <UserGroupsSection tone="light" />
      <TestimonialsSection tone="dark" />
      <GetStartedSection tone="light" />
    </LandingLayout>
  );
}

/** react-router lazy routes read `Component`. */
export const Component = HomePage;
