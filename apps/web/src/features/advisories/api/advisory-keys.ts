/** Every cached advisory query lives under this key: a staff change refreshes them all. */
export const ADVISORIES_KEY = ['advisories'] as const;
