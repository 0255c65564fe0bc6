/**
 * A worker thread of a parallel load (see load-parallel.ts): reads the gold standard and its
 * share of the system files as the main thread would, and sends back each system with its spans
 * as columns (buffers transferred), or the first error; after every message it bumps the shared
 * counter the main thread waits on.
 */
import { workerData } from 'node:worker_threads';
import { columnBuffers, toColumns } from '../model/span-columns.js';
import { readListener, type FilePart } from './lines.js';
import { loadInternals, loadSystems, readReferencePart } from './load.js';
import { referencePartBuffers } from './reference.js';
import { errorInfo, type SystemColumns, type WorkerMessage, type WorkerTask } from './load-parallel.js';

const task = workerData as WorkerTask;

function send(message: WorkerMessage, transfer: ArrayBuffer[] = []): void {
  task.port.postMessage(message, transfer);
  Atomics.add(task.signal, 0, 1);
  Atomics.notify(task.signal, 0);
}

try {
  if (task.part !== undefined) readPart(task.part);
  else readSystems();
} catch (err) {
  send({ kind: 'error', error: errorInfo(err) });
}

/** Reads a part of the reference file and sends it back (see load-split.ts). */
function readPart(part: FilePart): void {
  if (task.bytes) readListener.onChunk = (_, bytes) => send({ kind: 'bytes', path: task.options.gold ?? task.options.systems[0].path, bytes });
  const read = readReferencePart({ ...task.options }, part);
  send({ kind: 'part', part: read }, referencePartBuffers(read));
}

/** Reads the gold standard and this worker's system files, and sends back the systems. */
function readSystems(): void {
  loadInternals.verifyInPlace = task.verifyInPlace;
  let reads = 0;
  if (task.bytes) {
    readListener.onChunk = (path, bytes) => {
      if (reads > 0) send({ kind: 'bytes', path, bytes });
    };
  }
  // The first file read is the reference (the gold standard, or the first system without one),
  // which the main thread reports itself.
  const systems = loadSystems({ ...task.options, onRead: (p) => {
    if (reads++ > 0) send({ kind: 'read', path: p.path, items: p.items });
  } }, task.options.gold === undefined ? 1 : 0);
  const out: SystemColumns[] = [];
  const transfer: ArrayBuffer[] = [];
  for (const { spans, ...rest } of systems) {
    const columns = toColumns(spans);
    if (columns === undefined) throw new Error('a span with fragments cannot leave a worker');
    out.push({ ...rest, columns });
    transfer.push(...columnBuffers(columns));
  }
  send({ kind: 'done', systems: out }, transfer);
}
