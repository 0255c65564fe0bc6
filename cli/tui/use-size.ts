/** The terminal's size, updated on `resize` (80×24 when the stream does not say). */
import { useStdout } from 'ink';
import { useEffect, useState } from 'react';

export interface Size {
  columns: number;
  rows: number;
}

export function useSize(): Size {
  const { stdout } = useStdout();
  const read = (): Size => ({ columns: stdout.columns || 80, rows: stdout.rows || 24 });
  const [size, setSize] = useState<Size>(read);
  useEffect(() => {
    const onResize = () => setSize(read());
    stdout.on('resize', onResize);
    return () => {
      stdout.off('resize', onResize);
    };
  }, [stdout]);
  return size;
}
