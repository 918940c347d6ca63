/**
 * The community module's face (issue 36): spaces per course, per membership plan and added by the
 * operator; threads, replies, the answer, "helpful", reports and the console's moderation. Its tables
 * (`community_*`) are its own; its routes register in modules/index.ts and the admin scope; the privacy
 * centre calls `personal-data.ts`. The bus (`event-bus.ts`) is the port a scaled-out shop's
 * LISTEN/NOTIFY would stand behind.
 */
export { type CommunityBus, type CommunityEvent, communityBusOf } from './event-bus.js';
export { holdReason } from './posting-limits.js';
