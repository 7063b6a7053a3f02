/**
 * The install's own routes: liveness for the load balancer, and the outbox that test and demo
 * installs expose (registered only with EXPOSE_OUTBOX=1 or under test, app.ts).
 */
import { publicRoute } from './policy';

export const systemPolicy = {
  health: publicRoute('system.health'),
  readOutbox: publicRoute('system.readOutbox'),
};
