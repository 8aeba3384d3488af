/** The statuses of a service that is away for now: its database unreachable, or a proxy in front without an answer. */
export const AWAY: readonly number[] = [502, 503, 504];
