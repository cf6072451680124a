/** Landing pages: the one form, opened from Offers' landing pages tab and from the creatives screen. */
export const landingPages = {
  new: 'New landing page',
  edit: 'Edit landing page',
  fields: {
    site: 'Site',
    name: 'Name',
    url: 'Url',
    description: 'Description',
    language: 'Language',
    rating: 'Rating',
    desktopImage: 'Desktop image (.jpg, .jpeg, .png up to 2 MB)',
    mobileImage: 'Mobile image (.jpg, .jpeg, .png up to 2 MB)',
  },
};
