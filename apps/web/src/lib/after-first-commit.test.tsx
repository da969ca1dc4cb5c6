import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAfterFirstCommit } from './after-first-commit';

function Staged({ seen }: { seen: boolean[] }) {
  const after = useAfterFirstCommit();
  seen.push(after);
  return <p>{after ? 'second' : 'first'}</p>;
}

describe('useAfterFirstCommit', () => {
  it('is false on the first render and true on a render of its own after the first commit', async () => {
    const seen: boolean[] = [];
    render(<Staged seen={seen} />);
    expect(await screen.findByText('second')).toBeTruthy();
    expect(seen[0]).toBe(false);
    expect(seen.at(-1)).toBe(true);
  });
});
