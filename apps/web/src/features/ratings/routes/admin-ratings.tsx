import { RatingsPage } from '../components/ratings-page';

/** admin/records/ratings: any class's ratings, and the school's traits. */
export function Component() {
  return <RatingsPage />;
}
