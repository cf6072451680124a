/** The section images the server seeds (apps/api site/landing.ts), shown until GET /v1/landing answers. */
export const landingSectionIds = ['features', 'network', 'programs'] as const;
export type LandingSectionId = (typeof landingSectionIds)[number];
export type SectionImages = Record<LandingSectionId, { desktop: string; mobile: string }>;

export const defaultSectionImages: SectionImages = {
  features: { desktop: '/landing/features-desktop.svg', mobile: '/landing/features-mobile.svg' },
  network: { desktop: '/landing/network-desktop.svg', mobile: '/landing/network-mobile.svg' },
  programs: { desktop: '/landing/programs-desktop.svg', mobile: '/landing/programs-mobile.svg' },
};
