import { contactMessages } from '@portal/contracts';

/** The Contact Us dialog (loaded with the dialog). */
export const contact = {
  title: 'Contact Us',
  intro: 'Questions about the program, payouts or your account? Write to us and our affiliate team answers within one business day.',
  name: 'Name',
  email: 'Email',
  message: 'Message',
  send: 'Send',
  cancel: 'Cancel',
  close: 'Close',
  sent: contactMessages.sent,
  failed: 'Your message could not be sent. Please try again later.',
};
