/**
 * The bar of a form's main actions, kept at the bottom of its card while the form scrolls (the
 * card's padding undone at its sides and bottom).
 */
export const stickyActionsSx = {
  position: 'sticky',
  bottom: 0,
  zIndex: 2,
  bgcolor: 'background.paper',
  mx: -2.5,
  mb: -2.5,
  px: 2.5,
  py: 1.5,
  borderTop: 1,
  borderColor: 'divider',
} as const;
