#!/usr/bin/env python3
"""A numpy implementation of what `complan eval` and `complan compare` compute, for the benchmark.

    python3 test/bench/numpy_reference.py GOLD SYSTEM...

Reads a CoNLL gold file (`token tag`) and system files (the prediction in the last column),
chunks the tags as conlleval does (IOB1/IOB2/IOE/IOBES alike), and computes
- per system: TP, FP, FN, precision, recall, F1 (strict: start, end and type), and per type;
- per ordered pair (A, B): the items B finds that A misses and the spurious items of A that B
  avoids (R_Comp, P_Comp, F_Comp), token-level Brill and Wu Comp and Cohen's kappa of the tags.

Items are numpy int64 keys (start, length, type), so the set operations and the matrix are numpy
(sorted arrays, isin, intersect1d); reading the files and chunking the tags is plain Python, as a
numpy user would write it. Prints one JSON line with the figures and the phase times, so that the
benchmark (test/bench/run.mjs) can check the scores are complan's and compare the times.
"""
import json
import sys
import time

import numpy as np


def parse_tag(tag):
    if tag == 'O' or len(tag) < 2 or tag[1] != '-':
        return ('O', '') if tag == 'O' else (tag, '')
    return tag[0], tag[2:]


def end_of_chunk(prev_tag, tag, prev_type, typ):
    return ((prev_tag in 'BI' and tag in 'BOS') or (prev_tag == 'E' and tag in 'BIOSE') or
            (prev_tag == 'S' and tag in 'BIOSE') or (prev_tag in 'BIE' and prev_type != typ and tag != 'O')
            or (prev_tag != 'O' and prev_tag != '.' and prev_type != typ))


def start_of_chunk(prev_tag, tag, prev_type, typ):
    return ((tag in 'BS') or (prev_tag in 'ESO' and tag in 'IE') or (prev_tag == '.' and tag != 'O') or
            (tag != 'O' and tag != '.' and prev_type != typ))


def read_conll(path, column):
    """Tags of every token (sentence breaks as None), the token count; -DOCSTART- lines dropped."""
    tags = []
    with open(path, encoding='utf-8') as f:
        for line in f:
            fields = line.split()
            if not fields:
                if tags and tags[-1] is not None:
                    tags.append(None)
                continue
            if fields[0] == '-DOCSTART-':
                if tags and tags[-1] is not None:
                    tags.append(None)
                continue
            tags.append(fields[column])
    if tags and tags[-1] is None:
        tags.pop()
    return tags


def chunks(tags, types):
    """Spans (start, end, type id) in token coordinates of the whole file, conlleval's chunking."""
    starts, ends, labels = [], [], []
    pos = 0
    prev_tag, prev_type, open_start, open_type = 'O', '', -1, ''
    for raw in tags + [None]:
        if raw is None:
            tag, typ = 'O', ''
        else:
            tag, typ = parse_tag(raw)
        if open_start >= 0 and (raw is None or end_of_chunk(prev_tag, tag, prev_type, typ)):
            starts.append(open_start)
            ends.append(pos)
            labels.append(types.setdefault(open_type, len(types)))
            open_start = -1
        if raw is not None and start_of_chunk(prev_tag, tag, prev_type, typ):
            open_start, open_type = pos, typ
        if raw is None:
            prev_tag, prev_type = 'O', ''
            continue
        prev_tag, prev_type = tag, typ
        pos += 1
    return np.array(starts, dtype=np.int64), np.array(ends, dtype=np.int64), np.array(labels, dtype=np.int64)


def keys(spans, n_types, length):
    s, e, l = spans
    return np.unique((s * (length + 1) + (e - s)) * n_types + l)


def token_tags(spans, length):
    """Each token's tag: 2t + 1 where a span of type t begins, 2t + 2 inside it, 0 outside."""
    out = np.zeros(length, dtype=np.int64)
    s, e, l = spans
    for a, b, t in zip(s.tolist(), e.tolist(), l.tolist()):
        out[a] = 2 * t + 1
        out[a + 1:b] = 2 * t + 2
    return out


def prf(tp, fp, fn):
    p = tp / (tp + fp) if tp + fp else 0.0
    r = tp / (tp + fn) if tp + fn else 0.0
    return p, r, (2 * p * r / (p + r) if p + r else 0.0)


def kappa(a, b, categories):
    n = len(a)
    observed = np.count_nonzero(a == b) / n
    pa = np.bincount(a, minlength=categories) / n
    pb = np.bincount(b, minlength=categories) / n
    expected = float(np.dot(pa, pb))
    return None if expected == 1 else (observed - expected) / (1 - expected)


def main(gold_path, system_paths):
    t0 = time.perf_counter()
    types = {}
    gold_tags = read_conll(gold_path, 1)
    gold_spans = chunks(gold_tags, types)
    length = sum(1 for t in gold_tags if t is not None)
    systems = []
    for path in system_paths:
        tags = read_conll(path, -1)
        if sum(1 for t in tags if t is not None) != length:
            raise SystemExit(f'{path}: not the gold standard\'s {length} tokens')
        systems.append((path, chunks(tags, types)))
    t1 = time.perf_counter()
    n_types = max(1, len(types))
    gold_keys = keys(gold_spans, n_types, length)
    scores = []
    for path, spans in systems:
        sk = keys(spans, n_types, length)
        tp = int(np.intersect1d(sk, gold_keys, assume_unique=True).size)
        p, r, f = prf(tp, sk.size - tp, gold_keys.size - tp)
        per_type = {}
        for name, t in types.items():
            g = gold_keys[gold_keys % n_types == t]
            s = sk[sk % n_types == t]
            ttp = int(np.intersect1d(s, g, assume_unique=True).size)
            per_type[name] = prf(ttp, s.size - ttp, g.size - ttp)[2]
        scores.append({'system': path, 'tp': tp, 'fp': int(sk.size - tp), 'fn': int(gold_keys.size - tp), 'p': p, 'r': r, 'f': f, 'types': per_type})
    t2 = time.perf_counter()
    gold_tok = token_tags(gold_spans, length)
    sys_keys = [keys(spans, n_types, length) for _, spans in systems]
    sys_tok = [token_tags(spans, length) for _, spans in systems]
    pairs = []
    for i, a in enumerate(sys_keys):
        a_correct = np.intersect1d(a, gold_keys, assume_unique=True)
        a_wrong = np.setdiff1d(a, gold_keys, assume_unique=True)
        for j, b in enumerate(sys_keys):
            if i == j:
                continue
            b_finds = np.count_nonzero(~np.isin(gold_keys, a_correct) & np.isin(gold_keys, b))
            b_avoids = np.count_nonzero(~np.isin(a_wrong, b))
            missed = gold_keys.size - a_correct.size
            r_comp = b_finds / missed if missed else None
            p_comp = b_avoids / a_wrong.size if a_wrong.size else None
            f_comp = (2 * p_comp * r_comp / (p_comp + r_comp) if p_comp + r_comp else 0.0) if p_comp is not None and r_comp is not None else None
            a_tok_wrong = sys_tok[i] != gold_tok
            both_wrong = np.count_nonzero(a_tok_wrong & (sys_tok[j] != gold_tok))
            a_w = np.count_nonzero(a_tok_wrong)
            comp = 1 - both_wrong / a_w if a_w else None
            pairs.append({'a': system_paths[i], 'b': system_paths[j], 'rComp': r_comp, 'pComp': p_comp, 'fComp': f_comp,
                          'comp': comp, 'kappa': kappa(sys_tok[i], sys_tok[j], 2 * n_types + 1)})
    t3 = time.perf_counter()
    print(json.dumps({'tokens': length, 'goldItems': int(gold_keys.size), 'systems': scores, 'pairs': pairs,
                      'ms': {'load': 1000 * (t1 - t0), 'eval': 1000 * (t2 - t1), 'matrix': 1000 * (t3 - t2)}}))


if __name__ == '__main__':
    if len(sys.argv) < 3:
        raise SystemExit('usage: numpy_reference.py GOLD SYSTEM...')
    main(sys.argv[1], sys.argv[2:])
