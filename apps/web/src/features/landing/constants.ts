/** Working name of the product. Change it here only. */
export const PRODUCT_NAME = 'SchoolSuite';

export const PRODUCT_TAGLINE = 'School management for Nigerian nursery, primary and secondary schools';

/** In-page anchors of the landing page (spec section 2, "Public"). */
export const SECTION_LINKS = [
  { id: 'home', label: 'Home' },
  { id: 'about', label: 'About Us' },
  { id: 'features', label: 'Features' },
  { id: 'testimonials', label: 'Testimonials' },
] as const;

/** Routes of the unauthenticated area that the landing page links to. */
export const AUTH_LINKS = {
  login: '/auth/login',
  registerSchool: '/auth/school-register',
  applyForAdmission: '/auth/serial-code',
} as const;
