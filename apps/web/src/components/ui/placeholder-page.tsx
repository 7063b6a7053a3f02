import { EmptyState } from './empty-state';
import { PageHeader } from './page-header';

export interface PlaceholderPageProps {
  title: string;
  /** What this page will show, said plainly. */
  description: string;
}

/** A page whose feature has not landed yet: its title and an honest empty state, no sample data. */
export function PlaceholderPage({ title, description }: PlaceholderPageProps) {
  return (
    <>
      <PageHeader title={title} />
      <EmptyState title="Nothing here yet" description={description} />
    </>
  );
}
