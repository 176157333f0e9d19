// Business constants and limits (product.md#timings).

export const HERO_INTERVAL_MS = 5000;
export const ABOUT_ICON_INTERVAL_MS = 4000;
export const ABOUT_ICON_ANIMATION_MS = 1500;
/** Admin status messages clear themselves after this long (product.md#messages). */
export const MESSAGE_DISPLAY_MS = 3000;
export const LINK_COPIED_MS = 2000;
export const UPLOAD_TIMEOUT_MS = 30000;
export const KEYBOARD_DRAG_STEP_PX = 25;
/** How far below the top of the viewport a detail-page section counts as the active tab. */
export const SCROLL_OFFSET_PX = 200;
export const SIMILAR_RIDES_LIMIT = 3;
/** Sort position of a ride without an order, so it lands after every ordered ride. */
export const MISSING_ORDER = 999;
