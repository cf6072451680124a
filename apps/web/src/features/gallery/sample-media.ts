/** Pictures for the gallery, drawn inline so the page needs no assets or network. */
const svg = (body: string, w = 1600, h = 900) =>
  `data:image/svg+xml;utf8,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#8b5cf6"/><stop offset="1" stop-color="#22d3ee"/></linearGradient></defs><rect width="${w}" height="${h}" fill="url(#g)"/>${body}</svg>`)}`;

export const sampleImage = svg('<circle cx="800" cy="450" r="220" fill="#0f1115" opacity="0.35"/><text x="800" y="480" font-size="96" text-anchor="middle" fill="#fff" font-family="sans-serif">VR</text>');
export const samplePoster = svg('<polygon points="720,330 720,570 920,450" fill="#fff"/>');
export const storedBanner = { uuid: '5f0c7a52-4c1e-4f7e-9d57-0d3c1e1f2a01', name: 'summer-banner-728x90.png', url: sampleImage };
export const storedLogo = { uuid: '8d2b3a1c-7e44-4a1b-8f0e-3b9d2c6e5f02', name: 'network-logo.svg', url: svg('<text x="800" y="500" font-size="160" text-anchor="middle" fill="#fff" font-family="sans-serif">LOGO</text>') };
