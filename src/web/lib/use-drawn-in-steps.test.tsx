import { useLayoutEffect } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { useDrawnInSteps } from './use-drawn-in-steps';

/** Records the count of every commit, as the screen would have shown it. */
function Probe({ total, commits }: { total: number; commits: number[] }) {
  const drawn = useDrawnInSteps(total);
  useLayoutEffect(() => {
    commits.push(drawn);
  });
  return <p>{drawn}</p>;
}

let root: Root;
let container: HTMLElement;
beforeEach(() => {
  // Outside act, as in a browser: act would draw every step before the first commit is seen.
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  container = document.createElement('div');
  root = createRoot(container);
});
afterEach(() => {
  root.unmount();
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

describe('useDrawnInSteps', () => {
  it('commits the first four at once, then four more per commit, until all ten are drawn', async () => {
    const commits: number[] = [];
    flushSync(() => root.render(<Probe total={10} commits={commits} />));
    expect(container.textContent).toBe('4');
    await waitFor(() => expect(container.textContent).toBe('10'));
    expect(commits).toEqual([4, 8, 10]);
  });

  it('draws a short list in one commit', async () => {
    const short: number[] = [];
    const long: number[] = [];
    flushSync(() =>
      root.render(
        <>
          <Probe total={3} commits={short} />
          <Probe total={10} commits={long} />
        </>,
      ),
    );
    // By the time the long list has taken its steps, the short one would have taken any of its own.
    await waitFor(() => expect(long).toEqual([4, 8, 10]));
    expect(short).toEqual([3]);
  });

  it('draws items added later a few at a time, and cuts a list that shrinks', async () => {
    const commits: number[] = [];
    flushSync(() => root.render(<Probe total={5} commits={commits} />));
    await waitFor(() => expect(container.textContent).toBe('5'));
    flushSync(() => root.render(<Probe total={14} commits={commits} />));
    await waitFor(() => expect(container.textContent).toBe('14'));
    flushSync(() => root.render(<Probe total={2} commits={commits} />));
    expect(container.textContent).toBe('2');
    expect(commits).toEqual([4, 5, 8, 12, 14, 2]);
  });
});
