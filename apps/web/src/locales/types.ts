/**
 * zh-CN is the reference language: every other language types its namespace files with
 * `TranslationsOf<typeof zhNamespace>`, so a missing or extra key is a compile error.
 */
export type TranslationsOf<Reference> = Record<keyof Reference, string>;
