import Typography from '@mui/material/Typography';
import { createContext, useContext, useEffect, useRef, type ReactNode } from 'react';

/** True once the joiner has moved past the step the page opened on. */
export const StepMovedContext = createContext(false);

/**
 * The heading of an onboarding step. When a step replaces the previous one it takes focus, so
 * screen readers announce the new step; tabIndex -1 keeps it out of the tab order.
 */
export function StepHeading({ children }: { children: ReactNode }) {
  const moved = useContext(StepMovedContext);
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (moved) ref.current?.focus({ preventScroll: true });
  }, [moved]);
  return (
    <Typography ref={ref} component="h2" variant="h2" tabIndex={-1} sx={{ textAlign: 'center', outline: 'none' }}>
      {children}
    </Typography>
  );
}
