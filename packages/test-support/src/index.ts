// Helpers shared by the workspace's tests; this package is private and never published.
export { demoServer, initializeWith, officialClientRound, ourClientRound } from './mounting-clients.js';
