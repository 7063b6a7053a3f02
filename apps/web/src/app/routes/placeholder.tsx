import { useMatches } from 'react-router';
import { PlaceholderPage } from '@/components/ui/placeholder-page';
import { useDocumentTitle } from '@/hooks/use-document-title';

export interface PlaceholderHandle {
  title: string;
  description: string;
}

function isPlaceholderHandle(handle: unknown): handle is PlaceholderHandle {
  return typeof handle === 'object' && handle !== null && 'title' in handle && 'description' in handle;
}

/** A page whose feature has not landed: title and description come from the route's handle. */
export function Component() {
  const matches = useMatches();
  const handle = [...matches].reverse().find((match) => isPlaceholderHandle(match.handle))?.handle as PlaceholderHandle | undefined;
  const title = handle?.title ?? 'Coming soon';
  useDocumentTitle(title);
  return <PlaceholderPage title={title} description={handle?.description ?? 'This page is not available yet.'} />;
}
