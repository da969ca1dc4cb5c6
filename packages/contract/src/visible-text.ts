/**
 * Bidirectional controls (ALM U+061C, LRM/RLM U+200E-200F, embeddings and overrides
 * U+202A-202E, isolates U+2066-2069) and zero-width characters (U+200B-200D, word joiner
 * U+2060, BOM U+FEFF): invisible, yet they reorder or hide what is shown, so
 * `demo-laptop\u202Egnp.exe` reads as `demo-laptopexe.png` ("Trojan Source").
 */
export const INVISIBLE_FORMAT_CHARACTERS = /[\u061c\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/g;
/** C0 and C1 control characters, and DEL. */
// eslint-disable-next-line no-control-regex -- control characters are what is removed
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/g;

/**
 * Text someone else wrote (a host name a device sign-in sends, a BMC's string) as it may be
 * shown: without control characters, bidi controls or zero-width characters.
 */
export function visibleText(text: string): string {
  return text.replace(CONTROL_CHARACTERS, '').replace(INVISIBLE_FORMAT_CHARACTERS, '');
}

/** Whether `text` holds none of those characters: what a value that is only ever text must be. */
export const isVisibleText = (text: string) => visibleText(text) === text;
