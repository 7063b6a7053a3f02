import { useDocumentTitle } from '@/hooks/use-document-title';
import { ApprovalStepsSection } from '../components/approval-steps-section';
import { ResultSettingsSection } from '../components/result-settings-section';

/** super-admin/settings/results: a school's score maxima, grading scale, pass mark and PIN rule, and its approval steps. */
export function Component() {
  useDocumentTitle('Results settings');
  return (
    <div className="space-y-5">
      <ResultSettingsSection chooseSchool />
      <ApprovalStepsSection chooseSchool />
    </div>
  );
}
