/**
 * The held-out check as React state: `start` shows a "running" state first, then runs the
 * model's check (runPlan, synchronous) once that frame has reached the terminal, and keeps the
 * result (the model caches it too).
 */
import { useCallback, useEffect, useState } from 'react';
import type { PlanResult } from '../../src/plan/types.js';
import type { TuiModel } from './model.js';

export type CheckState =
  | { status: 'idle' }
  | { status: 'running' }
  | { status: 'done'; result: PlanResult; ms: number }
  | { status: 'failed'; message: string };

/**
 * How long the "running" frame waits before runPlan blocks the event loop. Ink draws at most 30
 * frames a second and holds a frame back until the interval has passed, so a shorter wait could
 * run the check before the terminal shows why the screen pauses.
 */
export const PAINT_MS = 70;

export function useHeldOutCheck(model: TuiModel): [CheckState, () => void] {
  const [state, setState] = useState<CheckState>({ status: 'idle' });
  useEffect(() => {
    if (state.status !== 'running') return;
    const timer = setTimeout(() => {
      try {
        const { result, ms } = model.heldOutCheck();
        setState({ status: 'done', result, ms });
      } catch (e) {
        setState({ status: 'failed', message: e instanceof Error ? e.message : String(e) });
      }
    }, PAINT_MS);
    return () => clearTimeout(timer);
  }, [state.status, model]);
  // Starts the check unless it is running or done.
  const start = useCallback(() => setState((s) => (s.status === 'idle' || s.status === 'failed' ? { status: 'running' } : s)), []);
  return [state, start];
}
