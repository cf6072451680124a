export { initials } from '../../lib/initials.ts';
