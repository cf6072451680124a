/**
 * The network's one time zone (SPEC.md section 9): statistics days, payout periods, the periodic
 * emails' hours and every date staff and affiliates read are in America/Los_Angeles.
 */
export const NETWORK_TIME_ZONE = 'America/Los_Angeles';
