/**
 * What other features may use of the account feature (the session check and the sign-in path). Only
 * pieces that add no styles or endpoints of their own are named here: a chunk that imports this file
 * gets every module it names. The dashboard frame (`dashboard-sidebar.tsx`, with its CSS) is
 * still imported directly by orders and learning, listed in apps/server/src/architecture.test.ts.
 */
export { fieldErrors, type Profile, useGetProfileQuery } from './api';
export { loginPathFor } from './safe-next-path';
