import { PageHeader } from '@/components/ui/page-header';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { ChannelList } from '../components/channel-list';

/** super-admin/settings/channels: the organisation's camera channels. */
export function Component() {
  useDocumentTitle('Channels');
  return (
    <>
      <PageHeader title="Channels" description="Your camera channels: Live (HLS), YouTube, Vimeo and Zoom." />
      <ChannelList />
    </>
  );
}
