/** Every cached fleet query lives under this key: an applied inventory upload refreshes them all. */
export const FLEET_KEY = ['fleet'] as const;
