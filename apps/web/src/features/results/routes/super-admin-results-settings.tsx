import { useDocumentTitle } from '@/hooks/use-document-title';
import { ResultSettingsSection } from '../components/result-settings-section';

/** super-admin/settings/results: a school's score maxima, grading scale, pass mark and PIN rule. */
export function Component() {
  useDocumentTitle('Results settings');
  return <ResultSettingsSection chooseSchool />;
}
