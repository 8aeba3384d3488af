/**
 * The merchant's colour as the payment page's accent, with text colours that keep WCAG AA. Pure
 * (no imports): the dashboard's branding preview paints with the same palette as the page.
 */

/** A brand colour as stored and accepted: `#rrggbb`. */
export const HEX = /^#[0-9a-f]{6}$/i;

// WCAG 2 relative luminance and contrast ratio (https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio).
function channels(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two #rrggbb colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

function darken(hex: string, factor: number): string {
  return `#${channels(hex)
    .map((c) =>
      Math.round(c * factor)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** The page's own accent when the merchant has none. */
export const DEFAULT_ACCENT = '#2f5bea';
const WHITE = '#ffffff';
const INK = '#16181d';
/** The lightest background a text in the accent's colour sits on (the page behind the cards). */
const PAGE_BG = '#f4f5f7';
/** WCAG AA for normal text; the page's buttons are 15 px, not large text. */
const AA_TEXT = 4.5;
/** WCAG AA for the edge of a control against its background (1.4.11). */
const AA_NON_TEXT = 3;

/** The colours the accent brings: the accent itself, the text on it, the accent darkened for text and edges. */
export interface AccentPalette {
  accent: string;
  /** Text on an accent background: white when that reaches AA, else dark ink. */
  onAccent: string;
  /** The accent where it is text or an outline on the light page: darkened until it reaches AA. */
  accentInk: string;
  /** The edge of an accent button: the accent when it stands out from white enough, else the darkened accent. */
  accentEdge: string;
}

/** The accent of a brand colour (or the default), with text colours that keep WCAG AA. */
export function accentPalette(color: string | null): AccentPalette {
  const accent = color && HEX.test(color) ? color.toLowerCase() : DEFAULT_ACCENT;
  const onWhite = contrastRatio(WHITE, accent);
  const onInk = contrastRatio(INK, accent);
  // Ink fails AA only on mid-tones where white also fails; pure black then always reaches it.
  const onAccent = onWhite >= AA_TEXT ? WHITE : onInk >= AA_TEXT ? INK : '#000000';
  let accentInk = accent;
  for (let i = 0; i < 40 && contrastRatio(accentInk, PAGE_BG) < AA_TEXT; i++) accentInk = darken(accentInk, 0.9);
  return { accent, onAccent, accentInk, accentEdge: onWhite >= AA_NON_TEXT ? accent : accentInk };
}
