/** The Chinese or the English one of a pair of texts, by the UI language; the other when it is empty. */
export function pickLanguage(language: string | undefined, zh: string, en: string): string {
  const preferred = language === 'zh-CN' ? zh : en;
  return preferred || (language === 'zh-CN' ? en : zh);
}
