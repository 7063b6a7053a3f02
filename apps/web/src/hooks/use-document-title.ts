import { useEffect } from 'react';
import { APP_NAME } from '@/lib/app-info';

/** Sets the browser tab's title to '<title> · <app name>'. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
  }, [title]);
}
