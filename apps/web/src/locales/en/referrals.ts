/** The dashboard's Referrals card. */
export const referrals = {
  title: 'Referrals',
  intro: 'Earn {{rate}} of the income of every affiliate who signs up through your link, for life.',
  link: 'Your referral link',
  copy: 'Copy the referral link',
  copied: 'Copied to the clipboard',
  copyByHand: 'The browser did not allow copying: select the link and copy it by hand.',
  thisMonth: 'This month',
  allTime: 'All time',
  table: 'Referred affiliates',
  name: 'Affiliate',
  joined: 'Joined',
  inactive: 'inactive',
  none: 'Nobody has signed up through your link yet.',
  loadError: 'Your referrals could not be loaded.',
};
