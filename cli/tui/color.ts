/**
 * Whether the TUI may colour anything. Colour is the heatmap's alone (complan's viridis scale,
 * src/report/palette.ts); everything else is the terminal's own text colour, with bold, underline
 * and inverse for emphasis, so it reads on light and dark backgrounds and for colour-blind users.
 * NO_COLOR (set and not empty) turns the heatmap's colour off as well, as it does for the other
 * commands.
 */
import { createContext, useContext } from 'react';
import { useColor as colorFor } from '../../src/report/table.js';

/** Whether to colour, from the environment (the TUI always runs on a terminal). */
export function colorWanted(env: Readonly<Record<string, string | undefined>>): boolean {
  return colorFor(env, true);
}

export const ColorContext = createContext(true);

/** Whether this render may colour. */
export function useColorOn(): boolean {
  return useContext(ColorContext);
}
