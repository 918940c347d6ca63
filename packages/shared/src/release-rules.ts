import type { ReleaseRule } from './contracts/lesson-release.js';

// Zod-free on purpose: the console's editor needs these values, and importing them from the contract
// would bring the whole schema library into its chunk.

/** A lesson or section open at once (issue 35): what a save without a rule stores. */
export const IMMEDIATE_RELEASE: ReleaseRule = { kind: 'immediate', days: 0, date: null };

/** The longest wait a relative rule may set: ten years. */
export const MAX_RELEASE_DAYS = 3650;
