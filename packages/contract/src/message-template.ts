/**
 * A message's placeholders (the server's error and log messages, the fwportal CLI's lines):
 * `{name}` is the value of `name`; `{name:one|other}` is the word that goes with the number
 * `name` under the language's plural rules (Intl.PluralRules), so English reads "1 file" and
 * "2 files" where it read "file(s)". Chinese has one form, so its messages need no choice. A
 * placeholder without a value stays as written, to be seen rather than vanish. `show` makes each
 * value printable (the CLI strips terminal controls from what the portal sent).
 */
const PLACEHOLDER = /\{(\w+)(?::([^{}|]*)\|([^{}]*))?\}/g;

export type MessageValues = Record<string, string | number>;

const rulesByLocale = new Map<string, Intl.PluralRules>();
function pluralRulesOf(locale: string): Intl.PluralRules {
  let rules = rulesByLocale.get(locale);
  if (!rules) rulesByLocale.set(locale, (rules = new Intl.PluralRules(locale)));
  return rules;
}

export function fillMessage(
  template: string,
  values: MessageValues,
  locale: string,
  show: (value: string) => string = (value) => value,
): string {
  return template.replace(
    PLACEHOLDER,
    (whole, name: string, one: string | undefined, other: string | undefined) => {
      if (!Object.hasOwn(values, name)) return whole;
      if (one === undefined || other === undefined) return show(String(values[name]));
      return pluralRulesOf(locale).select(Number(values[name])) === 'one' ? one : other;
    },
  );
}

/** The names a message fills, without the words chosen by number (for the same-placeholders tests). */
export const placeholdersOf = (template: string): string[] =>
  [...template.matchAll(PLACEHOLDER)]
    .filter((match) => match[2] === undefined)
    .map((match) => match[1] ?? '');
