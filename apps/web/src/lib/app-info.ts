/** Working name of the product, shown beside the logo. */
export const APP_NAME = 'SchoolSuite';

/** Build version; the persisted query cache is discarded when it changes. */
export const APP_VERSION: string = import.meta.env.VITE_APP_VERSION ?? '0.0.0';
