export const common = {
  brand: 'VR Affiliate Network',
  nav: {
    features: 'Features',
    network: 'Our network',
    programs: 'Programs',
    login: 'Log In',
    signup: 'Sign Up',
  },
  notFound: {
    title: 'Page not found',
    text: 'The page you are looking for does not exist or has moved.',
    back: 'Back to the home page',
  },
  chunkError: {
    title: 'This page could not be loaded',
    text: 'An error has occurred while processing your request. Please try again later.',
    reload: 'Reload',
  },
  footer: {
    rights: '© {{year}} {{brand}}. All rights reserved.',
  },
};
