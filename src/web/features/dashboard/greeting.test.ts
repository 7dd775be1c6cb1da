import { describe, expect, it } from 'vitest';
import { greetingFor } from './greeting';

describe('greetingFor', () => {
  it.each([
    [0, 'Hi'],
    [5, 'Hi'],
    [6, 'Good Morning'],
    [11, 'Good Morning'],
    [12, 'Good Afternoon'],
    [17, 'Good Afternoon'],
    [18, 'Good Evening'],
    [20, 'Good Evening'],
    [21, 'Hi'],
    [23, 'Hi'],
  ])('hour %i greets with %s', (hour, expected) => {
    expect(greetingFor(hour)).toBe(expected);
  });

  it('covers every hour of the day with exactly the product bands', () => {
    const byHour = Array.from({ length: 24 }, (_, hour) => greetingFor(hour));
    expect(byHour.filter((g) => g === 'Good Morning')).toHaveLength(6);
    expect(byHour.filter((g) => g === 'Good Afternoon')).toHaveLength(6);
    expect(byHour.filter((g) => g === 'Good Evening')).toHaveLength(3);
    expect(byHour.filter((g) => g === 'Hi')).toHaveLength(9);
  });
});
