import { seeded } from '@portal/contract/version-order.sample';

/**
 * Pseudo-random draws from a fixed seed (the contract's mulberry32): the same data at every run,
 * so figures of two runs or two builds are measured on the same rows.
 */
export function seededDraws(seed: number) {
  const random = seeded(seed);
  const below = (n: number) => Math.floor(random() * n);
  return {
    random,
    /** An integer in 0..n-1. */
    below,
    chance: (p: number) => random() < p,
    pick: <T>(list: readonly T[]): T => list[below(list.length)]!,
    /** One of `choices`, each as likely as its weight. */
    weighted: <T>(choices: readonly (readonly [T, number])[]): T => {
      let left = random() * choices.reduce((sum, [, weight]) => sum + weight, 0);
      for (const [value, weight] of choices) if ((left -= weight) < 0) return value;
      return choices.at(-1)![0];
    },
  };
}

export type SeededDraws = ReturnType<typeof seededDraws>;
