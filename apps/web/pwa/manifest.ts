/** The web app manifest (served as /manifest.webmanifest by pwa/plugin.ts): what makes Trenchline installable. */

/** Mantine's blue 6: the theme's primaryColor (src/app/theme.ts; manifest.test.ts holds them together). */
export const THEME_COLOUR = '#228be6';
/** The icon's ground: the orange of the TRENCHLINE name in the header. */
export const ICON_COLOUR = '#e8590c';
export const ICON_SIZES = [192, 512] as const;

export const iconFile = (size: number) => `icons/trenchline-${size}.png`;

export const manifest = {
  name: 'Trenchline',
  short_name: 'Trenchline',
  description: 'Jobs, tickets and locates for the office and the field',
  // The field's start: their jobs (a field user's home, features/auth/can.ts).
  start_url: '/job/',
  scope: '/',
  display: 'standalone',
  background_color: '#ffffff',
  theme_color: THEME_COLOUR,
  icons: ICON_SIZES.map((size) => ({ src: `/${iconFile(size)}`, sizes: `${size}x${size}`, type: 'image/png', purpose: 'any' })),
};
