/**
 * A worker thread of a parallel load (see load-parallel.ts): reads the gold standard, or waits
 * for the main thread to hand it over (gold-handoff.ts), and its share of the system files as the
 * main thread would, and sends back each system with its spans as columns (shared memory, handed
 * over rather than transferred: page-memory.ts), or the first error; after every message it bumps
 * the shared counter the main thread waits on.
 */
import { receiveMessageOnPort, workerData } from 'node:worker_threads';
import { pageMemory, transferable } from '../model/page-memory.js';
import { columnBuffers, toColumns } from '../model/span-columns.js';
import { readListener, type FilePart } from './lines.js';
import { loadInternals, loadSystems, readReferencePart } from './load.js';
import { referencePartBuffers } from './reference.js';
import { sharedIndices, type HandedGold } from './gold-handoff.js';
import { typePlaces } from './unknown-types.js';
import { errorInfo, type MainMessage, type SystemColumns, type WorkerMessage, type WorkerTask } from './load-parallel.js';

const task = workerData as WorkerTask;
// What this thread fills and sends back is handed over as it is (see page-memory.ts).
pageMemory.shared = true;

function send(message: WorkerMessage, transfer: ArrayBufferLike[] = []): void {
  task.port.postMessage(message, transferable(transfer));
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

/**
 * The gold the main thread hands over once it has read it; undefined when it says to read the
 * gold file here, or when the load stopped meanwhile (`stopped` then says so).
 */
function awaitGold(): { gold: HandedGold | undefined; stopped: boolean } {
  const inbox = task.inbox!;
  for (;;) {
    const seen = Atomics.load(inbox, 0);
    const m = receiveMessageOnPort(task.port);
    if (m !== undefined) {
      const msg = m.message as MainMessage;
      return { gold: msg.kind === 'gold' ? msg.gold : undefined, stopped: false };
    }
    if (Atomics.load(inbox, 1) !== 0) return { gold: undefined, stopped: true };
    // Woken by the main thread's next message or its stop; a bounded wait in case neither comes.
    Atomics.wait(inbox, 0, seen, 1000);
  }
}

/** Reads (or is handed) the gold standard, reads this worker's system files, and sends back the systems. */
function readSystems(): void {
  loadInternals.verifyInPlace = task.verifyInPlace;
  let handed: HandedGold | undefined;
  if (task.goldFromMain === true) {
    const waited = awaitGold();
    if (waited.stopped) return;
    handed = waited.gold;
  }
  let reads = 0;
  if (task.bytes) {
    readListener.onChunk = (path, bytes) => {
      if (reads > 0) send({ kind: 'bytes', path, bytes });
    };
  }
  // The first file read is the reference (the gold standard, or the first system without one),
  // which the main thread reports itself.
  const { systems, goldSpans } = loadSystems({ ...task.options, onRead: (p) => {
    if (reads++ > 0) send({ kind: 'read', path: p.path, items: p.items });
  } }, task.options.gold === undefined ? 1 : 0, handed);
  const out: SystemColumns[] = [];
  const transfer: ArrayBuffer[] = [];
  for (const system of systems) {
    const { spans, ...rest } = system;
    const columns = toColumns(spans);
    if (columns === undefined) throw new Error('a span with fragments cannot leave a worker');
    // Spans that are the handed gold's objects go back as its indices, to be the main thread's objects.
    const shared = handed === undefined ? undefined : sharedIndices(spans, goldSpans);
    const places = typePlaces(system);
    out.push({ ...rest, columns, ...(shared === undefined ? {} : { shared }), ...(places === undefined ? {} : { places }) });
    transfer.push(...columnBuffers(columns));
    if (shared !== undefined) transfer.push(shared.buffer as ArrayBuffer);
  }
  send({ kind: 'done', systems: out }, transfer);
}
