import { toast } from 'react-toastify/unstyled';
import { markToastsUsed } from './toast-signal';

// Loading this module mounts the app's ToastContainer (see toast-host.tsx); toasts shown before
// it has mounted are queued by the library and appear once it has.
markToastsUsed();

// The unstyled build: its CSS comes once, from index.css. Use this module (never 'react-toastify'
// itself) so that toasts reach the app's one ToastContainer.
export { toast };
