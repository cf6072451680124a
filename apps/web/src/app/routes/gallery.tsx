import { Component as GalleryPage } from '../../features/gallery/gallery-page.tsx';
import '../../lib/i18n-all.ts';
import { AppProvider } from '../provider.tsx';

/** The widget gallery with the app's providers (it sits outside session-root). */
export function Component() {
  return (
    <AppProvider>
      <GalleryPage />
    </AppProvider>
  );
}
