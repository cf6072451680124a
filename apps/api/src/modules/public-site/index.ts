import type { PublicPageData } from '../../plugins/web-app.ts';
import { getHomeData } from './home-data.ts';
import { getSeo } from './landing.ts';
import { getNetworkDetails } from '../settings/index.ts';

/** What the served pages carry from the public website: their SEO, and the home page's data (plugins/web-app.ts). */
export const publicPageData: PublicPageData = { seo: getSeo, home: getHomeData, brand: async (db) => (await getNetworkDetails(db)).name };
