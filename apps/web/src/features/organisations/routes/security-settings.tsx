import { LoadError } from '@/components/ui/load-error';
import { PageSpinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useSecuritySettings } from '../api/security-settings';
import { SecuritySettingsForm } from '../components/security-settings-form';

/** super-admin/settings/security-setting */
export function Component() {
  useDocumentTitle('Security Setting');
  const settings = useSecuritySettings();
  if (settings.isPending) return <PageSpinner label="Loading security settings" />;
  if (settings.isError) {
    return (
      <LoadError error={settings.error}>
        Could not load the security settings. {settings.error.message}{' '}
        <button type="button" className="font-semibold underline" onClick={() => void settings.refetch()}>
          Try again
        </button>
      </LoadError>
    );
  }
  return <SecuritySettingsForm settings={settings.data} />;
}
