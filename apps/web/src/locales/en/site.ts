/** Public site: footer, cookie banner, short header. Loaded with the first page: no contracts imports here. */
export const site = {
  footer: {
    terms: 'Terms and Conditions',
    privacy: 'Privacy Policy',
    contact: 'Contact Us',
    newTab: '(opens in a new tab)',
    label: 'Site links',
  },
  notice: {
    close: 'Close',
  },
  cookies: {
    text: 'We use strictly necessary cookies to run this site. With your consent we would also use cookies that help us understand how the site is used. Nothing beyond the necessary is stored until you accept.',
    accept: 'Accept',
    reject: 'Reject',
    label: 'Cookie consent',
    privacy: 'Privacy Policy',
  },
  // SPEC.md section 1, word for word (contracts errorMessages.maintenance; not imported here to keep zod off the first page).
  maintenance: 'The site is under maintenance. Please try again later.',
  shortHeader: {
    home: 'Back to the home page',
  },
};
