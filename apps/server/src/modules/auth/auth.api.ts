/** What the auth module offers other modules besides its service: the signed-in user as the browser sees it. */
export { presentSessionUser } from './auth.presenter';
