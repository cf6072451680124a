import { Component as ComingSoon } from './coming-soon.tsx';

/** /settings, staff with `settings`: Global Settings. */
export function Component() {
  return <ComingSoon />;
}
