import { RatingsPage } from '../components/ratings-page';

/** teachers/ratings: the class teacher rates their class. */
export function Component() {
  return <RatingsPage />;
}
