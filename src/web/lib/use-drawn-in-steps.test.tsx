import { useLayoutEffect } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { useDrawnInSteps } from './use-drawn-in-steps';

/** Records the count of every commit, as the screen would have shown it. */
function Probe({ total, commits, step }: { total: number; commits: number[]; step?: number }) {
  const drawn = useDrawnInSteps(total, step === undefined ? {} : { first: 1, step });
  useLayoutEffect(() => {
    commits.push(drawn);
  });
  return <p>{drawn}</p>;
}

const actFlag = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
let actBefore: boolean | undefined;
let root: Root;
let container: HTMLElement;
beforeEach(() => {
  // Outside act, as in a browser: act would draw every step before the first commit is seen.
  actBefore = actFlag.IS_REACT_ACT_ENVIRONMENT;
  actFlag.IS_REACT_ACT_ENVIRONMENT = false;
  container = document.createElement('div');
  root = createRoot(container);
});
afterEach(() => {
  root.unmount();
  actFlag.IS_REACT_ACT_ENVIRONMENT = actBefore;
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

  it('once all are drawn, draws items added later at once and cuts a list that shrinks', async () => {
    const commits: number[] = [];
    flushSync(() => root.render(<Probe total={9} commits={commits} />));
    await waitFor(() => expect(container.textContent).toBe('9'));
    // A field an answer reveals: nothing already drawn leaves the screen for a step.
    flushSync(() => root.render(<Probe total={14} commits={commits} />));
    expect(container.textContent).toBe('14');
    flushSync(() => root.render(<Probe total={2} commits={commits} />));
    expect(container.textContent).toBe('2');
    flushSync(() => root.render(<Probe total={6} commits={commits} />));
    expect(container.textContent).toBe('6');
    expect(commits).toEqual([4, 8, 9, 14, 2, 6]);
  });

  it('takes a step of at least one item', async () => {
    const commits: number[] = [];
    flushSync(() => root.render(<Probe total={3} step={0} commits={commits} />));
    await waitFor(() => expect(container.textContent).toBe('3'));
    expect(commits).toEqual([1, 2, 3]);
  });
});
