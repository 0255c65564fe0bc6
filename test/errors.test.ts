/**
 * Library errors name the library's parameters; the command names the options that set them.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError, optionName, optionsIn, paramsIn, showName, showValue, UsageError } from '../src/errors.js';
import { plan } from '../src/plan/plan.js';
import { parseObjective } from '../src/plan/objective.js';
import { makeCorpus, span } from './helpers/corpus.js';
import { ROOT, runCli } from './cli/helpers.js';

describe('parameters in messages', () => {
  it('writes {name} as the parameter for the library and as the option for the command', () => {
    expect(paramsIn('{minSize} 3 is above {maxSize} 2')).toBe('minSize 3 is above maxSize 2');
    expect(optionsIn('{minSize} 3 is above {maxSize} 2')).toBe('--min-size 3 is above --max-size 2');
    expect(optionName('ignoreEmbeddedGold')).toBe('--ignore-embedded-gold');
    expect(optionName('folds')).toBe('--folds');
  });

  it('keeps the template and the parameter on the error', () => {
    const u = UsageError.about('folds', 'must be an integer of at least 2, got 1');
    // The message starts with the parameter, as the command's starts with the option.
    expect(u).toMatchObject({ message: 'folds: must be an integer of at least 2, got 1', param: 'folds', template: 'must be an integer of at least 2, got 1' });
    const i = InputError.about('bad tag; pass {ignoreEmbeddedGold}', 'f.conll', 3);
    expect(i.message).toBe('f.conll:3: bad tag; pass ignoreEmbeddedGold');
    expect(i.template).toBe('bad tag; pass {ignoreEmbeddedGold}');
  });

  it('the library throws with parameter names; the command prints option names', async () => {
    const corpus = makeCorpus([span(0, 1, 'PER')], [[span(0, 1, 'PER')], [], [span(2, 3, 'LOC')]]);
    expect(() => plan(corpus, { objective: parseObjective('f1'), minSize: 3, maxSize: 2 })).toThrow(expect.objectContaining({ message: 'minSize 3 is above maxSize 2 (with 3 systems)', param: 'minSize' }));
    // A program learns which parameter is wrong, whatever the message.
    expect(() => plan(corpus, { objective: parseObjective('f1'), top: 0 })).toThrow(expect.objectContaining({ message: 'top: expects a positive integer, got 0', param: 'top' }));
    expect(() => plan({ ...corpus, systems: [] }, { objective: parseObjective('f1') })).toThrow('no systems to plan: the corpus has none');
    const r = await runCli(['plan', '--gold', 'examples/news/gold.conll', 'examples/news/systems/crf.conll', 'examples/news/systems/sloppy.conll', '--min-size', '2', '--max-size', '1']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('complan: --min-size 2 is above --max-size 1 (with 2 systems)\n');
    const both = await runCli(['plan', '--gold', 'examples/news/gold.conll', 'examples/news/systems/crf.conll', 'examples/news/systems/sloppy.conll', '--holdout', '0.25', '--folds', '2']);
    expect(both.stderr).toBe('complan: --holdout and --folds cannot be used together\n');
    const budget = await runCli(['plan', '--gold', 'examples/news/gold.conll', 'examples/news/systems/crf.conll', 'examples/news/systems/sloppy.conll', '--budget', '0.5']);
    expect(budget.stderr).toBe('complan: --budget: no candidate costs at most 0.5\n');
  });
});

describe('file names in messages', () => {
  it('writes a line break or control character in a file name as an escape: the message stays one line', async () => {
    expect(new InputError('the file is empty', 'bad\nname.conll', 3).message).toBe('bad\\nname.conll:3: the file is empty');
    expect(new InputError('the file is empty', 'a\r\u2028b.conll').message).toBe('a\\r\\u2028b.conll: the file is empty');
    expect(new InputError('the file is empty', 'plain.conll').file).toBe('plain.conll');
    const dir = mkdtempSync(join(tmpdir(), 'complan-errors-'));
    const file = join(dir, 'bad\nname.conll');
    writeFileSync(file, 'John B-PER\nSmith I-PXR x\n\n');
    const r = await runCli(['eval', '--gold', join(ROOT, 'examples/news/gold.conll'), file]);
    expect(r.code).toBe(2);
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr.startsWith(`complan: ${dir}/bad\\nname.conll:`)).toBe(true);
    // Anywhere in a message: a path in the detail, a usage error naming an output.
    for (const args of [['combine', '--gold', file, file, '--out', join(dir, 'no\ndir', 'x.conll')], ['combine', '--gold', join(ROOT, 'examples/news/gold.conll'), file, '--out', file]]) {
      const e = await runCli(args);
      expect(e.stderr.trimEnd().split('\n'), e.stderr).toHaveLength(1);
      expect(e.stderr).toContain('\\n');
    }
    // An expression's message keeps its caret line.
    const expr = await runCli(['plan', '--gold', join(ROOT, 'examples/news/gold.conll'), file, file, '--objective', 'f +']);
    expect(expr.stderr.trimEnd().split('\n')).toHaveLength(3);
  });
});

describe('values quoted in messages', () => {
  it('show the invisible characters that make two values that look alike differ', () => {
    expect(showValue('\ufeffvisited')).toBe('"\\ufeffvisited"');
    expect(showValue('PER\u200f')).toBe('"PER\\u200f"');
    expect(showValue('vis\u200bit\u2060ed\u061c')).toBe('"vis\\u200bit\\u2060ed\\u061c"');
    expect(showValue('abc\u202edef')).toBe('"abc\\u202edef"');
    // A token of Persian quoted in a message shows its non-joiner, which may be the difference.
    expect(showValue('می\u200cروم')).toBe('"می\\u200cروم"');
    expect(showValue('Zürich 東京 😀')).toBe('"Zürich 東京 😀"');
    // A space that separates no CoNLL columns (pasted from a web page) would read as one that does.
    expect(showValue('Berg\u00a0x')).toBe('"Berg\\u00a0x"');
    expect(showValue('a\u202fb\u2009c\u3000d')).toBe('"a\\u202fb\\u2009c\\u3000d"');
  });

  it('names of ordinary spelling stay plain words; one with an invisible mark is quoted', () => {
    expect(showName('می\u200cروم')).toBe('می\u200cروم');
    expect(showName('क्\u200dष')).toBe('क्\u200dष');
    expect(showName('PER\u200f')).toBe('"PER\\u200f"');
    expect(showName('PER\ufeff')).toBe('"PER\\ufeff"');
  });
});
