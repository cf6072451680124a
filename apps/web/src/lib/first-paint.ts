/**
 * The app's route code (app/router.tsx) waits for the first screen: the router's HydrateFallback
 * (features/auth/components/signin-first-paint.tsx) says when it is in the DOM. When that is Log
 * In's first paint, which the person can already use, the route code starts loading once it has
 * been painted (its downloads and parsing never hold that paint back) and is then evaluated a part
 * at a time (app/app-pages.ts), so the page keeps answering input. With nothing on screen it loads
 * at once, all in parallel. A hidden tab paints nothing and does not wait; without word the wait
 * ends at 500 ms.
 */
let painted: () => void = () => undefined;
let usableFirstPaint = false;

export const firstPaint = new Promise<void>((resolve) => {
  painted = resolve;
});

if (typeof document === 'undefined' || document.visibilityState === 'hidden' || typeof requestAnimationFrame !== 'function') painted();
else setTimeout(painted, 500);

/** The first screen is in the DOM; `usable` when it is one the person can use while the rest loads. */
export function firstScreenDrawn(usable: boolean): void {
  if (!usable || typeof requestAnimationFrame !== 'function') return painted();
  usableFirstPaint = true;
  requestAnimationFrame(() => setTimeout(painted, 0));
}

/** Whether the route code should be evaluated a part at a time (a usable first paint is on screen). */
export function isFirstPaintUsable(): boolean {
  return usableFirstPaint;
}
