import { AboutSection } from '../components/about-section';
import { FeaturesSection } from '../components/features-section';
import { GetStartedSection } from '../components/get-started-section';
import { HeroCentred } from '../components/hero';
import { LandingLayout } from '../components/landing-layout';
import { TestimonialsSection } from '../components/testimonials-section';
import { UserGroupsSection } from '../components/user-groups-section';

/** Alternate landing page, route `/web/home2`: purple header, light centred hero, purple features band. */
export default function HomeTwoPage() {
  return (
    <LandingLayout headerTone="dark">
      <HeroCentred />
      <AboutSection tone="light" />
      <FeaturesSection tone="dark" />
      <UserGroupsSection tone="muted" />
      <TestimonialsSection tone="light" />
      <GetStartedSection tone="dark" />
    </LandingLayout>
  );
}

/** react-router lazy routes read `Component`. */
export const Component = HomeTwoPage;
