import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render-with-providers';
import { type UrlCodec, useUrlFilters } from './url-filters';

/** A one-parameter codec: `?n=` as a positive number, 1 when missing or invalid. */
const countCodec: UrlCodec<number> = {
  read: (params) => {
    const n = Number(params.get('n'));
    return Number.isInteger(n) && n > 0 ? n : 1;
  },
  write: (value, params) => (value === 1 ? params.delete('n') : params.set('n', String(value))),
};

function Counter() {
  const [n, setN] = useUrlFilters(countCodec);
  return (
    <button type="button" onClick={() => setN((current) => current + 1)}>
      {n}
    </button>
  );
}

/** The updaters each render handed out, to compare their identity. */
const updaters: unknown[] = [];
function RecordingCounter() {
  const [n, setN] = useUrlFilters(countCodec);
  updaters.push(setN);
  return (
    <button type="button" onClick={() => setN((current) => current + 1)}>
      {n}
    </button>
  );
}

describe('useUrlFilters', () => {
  it('reads the value from the address, with the default for an invalid one', () => {
    renderWithProviders(<Counter />, { path: '/list', initialEntry: '/list?n=nope' });
    expect(screen.getByRole('button').textContent).toBe('1');
  });

  it('writes changes into the address with replace, keeping the other parameters', async () => {
    const { router } = renderWithProviders(<Counter />, { path: '/list', initialEntry: '/list?tab=a&n=4' });
    expect(screen.getByRole('button').textContent).toBe('4');

    await act(async () => {
      fireEvent.click(screen.getByRole('button'));
      // A second change before the first is rendered builds on it, not on the rendered value.
      fireEvent.click(screen.getByRole('button'));
    });

    expect(router.state.location.search).toBe('?tab=a&n=6');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByRole('button').textContent).toBe('6');
  });

  it('hands out one updater for the life of the component, which still writes onto the newest address', async () => {
    updaters.length = 0;
    const { router } = renderWithProviders(<RecordingCounter />, {
      path: '/list',
      initialEntry: '/list?n=2',
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button'));
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button'));
    });
    expect(router.state.location.search).toBe('?n=4');
    // A memoised list body given it is not re-rendered for a new function each time.
    expect(updaters.length).toBeGreaterThan(2);
    expect(new Set(updaters).size).toBe(1);
  });
});
