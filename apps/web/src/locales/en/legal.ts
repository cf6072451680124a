/**
 * Terms and Conditions and Privacy Policy of the affiliate program. Kept as texts so the
 * company can edit them (later from Global Settings) without touching the pages.
 */
export const legal = {
  updated: 'Last updated: {{date}}',
  updatedDate: 'Sep 1, 2024',
  terms: {
    title: 'Terms and Conditions',
    intro:
      'These terms govern your participation in the VR Affiliate Network affiliate program (the "Program"). By creating an affiliate account you accept them. If you do not agree, do not join or use the Program.',
    sections: [
      {
        heading: '1. Eligibility and your account',
        paragraphs: [
          'You must be at least 18 years old (or the age of majority where you live) and able to enter into a binding contract. Companies join through a person authorised to act for them.',
          'The details you give us must be true and kept up to date, including your payment and tax details. You are responsible for everything done with your sign-in details; keep them secret and tell us at once if you suspect misuse.',
          'We may approve, refuse, pause or close an account, in particular when information is missing or false, when traffic breaks these terms, or when required by law.',
        ],
      },
      {
        heading: '2. Promoting the network',
        paragraphs: [
          'You may promote the sites and offers of the network with the tracking links and creatives we provide, unchanged unless we allow it. All trademarks, content and creatives stay ours or our licensors\'; you receive a limited, revocable, non-exclusive licence to use them for the Program only.',
          'The sites of the network are intended for adults only. You must not target minors, must place promotions only where viewers are adults and where such content is lawful, and must respect every law and platform rule that applies to your traffic.',
          'Forbidden: spam (unsolicited email, messages or comments), misleading or false claims, brand bidding on our trademarks unless agreed, incentivised or forced clicks, pop-ups on sites you do not own, adware, cookie stuffing, bots and any traffic that is not made by real people choosing freely.',
        ],
      },
      {
        heading: '3. Tracking, conversions and commissions',
        paragraphs: [
          'Clicks and conversions are recorded by our tracking system, and its records decide commissions. Conversions that are refunded, charged back, cancelled, fraudulent or that come from traffic breaking these terms are not commissionable and may be reversed, even after payment.',
          'Commission models (revenue share, pay per signup and others) and rates are those shown for each offer in your account at the time of the conversion. We may change offers and rates for the future; changes never apply to conversions already earned.',
          'Referral program: you earn 5% of the income of the affiliates you refer, for as long as their accounts remain in good standing. Referring yourself or people acting for you is not allowed.',
        ],
      },
      {
        heading: '4. Payouts',
        paragraphs: [
          'Earnings are paid monthly to the payment method in your billing details once they reach the minimum payout of your payment method. To be eligible for payouts your profile, billing details and tax forms (W-9 or W-8) must be complete and accepted.',
          'You are responsible for the taxes on your earnings. We may withhold tax where the law requires it and deduct fees charged by the payment provider you chose.',
          'We may hold a payout while we review suspicious activity. We will tell you why and decide within a reasonable time.',
        ],
      },
      {
        heading: '5. Ending the agreement',
        paragraphs: [
          'You may close your account at any time by writing to us. We may end your participation with notice, or at once for a serious breach of these terms. Earned and valid commissions are paid after the end, minus reversals, unless the account was closed for fraud.',
        ],
      },
      {
        heading: '6. Liability',
        paragraphs: [
          'The Program is provided as it is. We do not promise any level of earnings or uninterrupted service. To the extent the law allows, our liability for any claim is limited to the commissions paid to you in the three months before the claim; neither party is liable for indirect or consequential losses.',
          'You will compensate us for claims by third parties caused by your promotions or your breach of these terms.',
        ],
      },
      {
        heading: '7. Changes and contact',
        paragraphs: [
          'We may change these terms. We will announce material changes in your account at least 14 days before they take effect; continuing in the Program after that means you accept them.',
          'Questions about these terms: use Contact Us at the bottom of any page.',
        ],
      },
    ],
  },
  privacy: {
    title: 'Privacy Policy',
    intro:
      'This policy explains what personal data the VR Affiliate Network collects about affiliates and visitors of this portal, why, and the rights you have. We collect only what we need to run the affiliate program and pay you.',
    sections: [
      {
        heading: '1. What we collect',
        paragraphs: [
          'Account data: your name, email address, password (stored only as a secure hash), company, address, phone, messaging handle, website and the traffic sources you describe.',
          'Billing and tax data: payment method and bank or wallet details, and the W-9 or W-8 forms you upload.',
          'Activity data: sign-ins, the tracking links you create, and the clicks and conversions attributed to you, with technical data such as IP address, device and browser type.',
          'Messages you send us, for example through Contact Us.',
        ],
      },
      {
        heading: '2. Why we use it',
        paragraphs: [
          'To create and secure your account, including two-step sign-in; to track clicks and conversions and calculate your commissions; to pay you and meet our tax and accounting duties; to prevent fraud and abuse; to answer your messages; and to send you the program emails you choose in your email preferences.',
          'We process this data to perform our agreement with you, to meet legal obligations, and for our legitimate interest in running a safe and fraud-free network. Where the law requires consent (for example non-essential cookies), we ask for it first.',
        ],
      },
      {
        heading: '3. Cookies',
        paragraphs: [
          'Strictly necessary storage keeps you signed in and remembers your cookie choice (for one year). We do not set analytics or advertising cookies unless you accept them in the cookie banner; you can change your choice by clearing the cookies of this site.',
        ],
      },
      {
        heading: '4. Who receives it',
        paragraphs: [
          'Service providers that host the portal, send email and make payments for us, bound by contract to protect it; the sites of the network, only as far as needed to attribute conversions; and authorities when the law requires it. We do not sell personal data.',
        ],
      },
      {
        heading: '5. How long we keep it',
        paragraphs: [
          'Account data for as long as your account is open; billing, tax and commission records for as long as tax and accounting law requires (usually up to ten years); raw click data for a limited period, after which only aggregated statistics are kept.',
        ],
      },
      {
        heading: '6. Your rights',
        paragraphs: [
          'Depending on where you live, you may ask to see, correct, export or delete your data, object to or restrict its use, and withdraw consent at any time. You may also complain to your data protection authority. Write to us through Contact Us; we answer within 30 days.',
        ],
      },
      {
        heading: '7. Security and changes',
        paragraphs: [
          'We protect data with encryption in transit, hashed passwords, short-lived sign-in tokens and restricted staff access. We will announce material changes to this policy in your account before they take effect.',
        ],
      },
    ],
  },
};
