export const home = {
  heroTitle: 'Earn with the leading VR sites',
  heroText: 'Promote premium virtual-reality studios with tracking links, creatives and postbacks, and get paid every month.',
  heroCta: 'Become an affiliate',
  featuresTitle: 'Features',
  features: [
    { title: 'Real-time statistics', text: 'Every click and conversion, broken down by day, offer, campaign and sub ID.' },
    { title: 'Postbacks', text: 'Server-to-server conversion postbacks to your tracker, retried until delivered.' },
    { title: 'Creatives', text: 'Banners, scenes, models, feeds and landing pages ready to place.' },
  ],
  networkTitle: 'Our network',
  networkText: 'A curated network of VR studios with high-converting landing pages and long-lived rebills.',
  programsTitle: 'Programs',
  programs: [
    { title: 'Revenue share', text: 'A share of every sale and every rebill, for the lifetime of the customer.' },
    { title: 'Pay per signup', text: 'A fixed payout for every qualified signup or sale.' },
    { title: 'Referrals', text: 'Earn 5% of the income of every affiliate you refer, for life.' },
  ],
};
