export type Greeting = 'Good Morning' | 'Good Afternoon' | 'Good Evening' | 'Hi';

/**
 * The dashboard greeting for an hour of the day, 0-23 (docs/product.md#dashboard greeting bands): 6-11 morning,
 * 12-17 afternoon, 18-20 evening, any other hour (night shifts) a plain 'Hi'.
 */
export function greetingFor(hour: number): Greeting {
  if (hour >= 6 && hour <= 11) return 'Good Morning';
  if (hour >= 12 && hour <= 17) return 'Good Afternoon';
  if (hour >= 18 && hour <= 20) return 'Good Evening';
  return 'Hi';
}
