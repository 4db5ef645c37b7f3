/**
 * A phone-sized screen, either way round: narrower than about 700 px, or too short for the
 * panel beside the view (a phone in landscape). The panel starts folded there, and the HUD and
 * the stylesheet (the same query, in style.css) go compact.
 */
export const SMALL_SCREEN_QUERY = '(max-width: 699px), (max-height: 499px)';
