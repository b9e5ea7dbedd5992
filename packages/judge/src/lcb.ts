import { inflateSync } from 'node:zlib';
import { JudgeInputError } from './errors';
import { unpickleString } from './pickle';
import { deriveTiers } from './tiers';
import type { Problem } from './types';

interface LcbTest {
  input: string;
  output: string;
  testtype: 'stdin' | 'functional';
}

/** Test cases as LiveCodeBench stores them: a JSON string, or base64(zlib(pickle(JSON string))). */
export function decodeLcbTests(value: unknown, where: string): LcbTest[] {
  if (Array.isArray(value)) return value as LcbTest[];
  if (typeof value !== 'string') throw new JudgeInputError(`${where}: test cases must be a string or an array`);
  let text = value;
  try {
    return JSON.parse(text) as LcbTest[];
  } catch {
    try {
      text = unpickleString(inflateSync(Buffer.from(value, 'base64')));
      return JSON.parse(text) as LcbTest[];
    } catch (err) {
      throw new JudgeInputError(`${where}: test cases are neither JSON nor base64+zlib+pickle (${(err as Error).message})`);
    }
  }
}

/** One LiveCodeBench problem record (code_generation_lite) as a Problem with derived tiers. */
export function lcbProblem(rec: Record<string, unknown>, where: string, tierCount: number): Problem {
  const id = rec.question_id;
  if (typeof id !== 'string' && typeof id !== 'number') throw new JudgeInputError(`${where}: missing question_id`);
  const name = `${where} (question_id ${id})`;
  const tests = [
    ...decodeLcbTests(rec.public_test_cases ?? '[]', `${name} public_test_cases`),
    ...decodeLcbTests(rec.private_test_cases ?? '[]', `${name} private_test_cases`),
  ];
  if (tests.length === 0) throw new JudgeInputError(`${name}: problem has no tests`);
  let metadata: Record<string, unknown> = {};
  if (typeof rec.metadata === 'string' && rec.metadata.trim()) metadata = JSON.parse(rec.metadata) as Record<string, unknown>;
  else if (rec.metadata && typeof rec.metadata === 'object') metadata = rec.metadata as Record<string, unknown>;
  const functional = tests.some((t) => t.testtype === 'functional');
  const fnName = metadata.func_name ?? metadata.fn_name;
  if (functional && typeof fnName !== 'string') throw new JudgeInputError(`${name}: functional tests without func_name in metadata`);
  const { tiers, derivation } = deriveTiers(tests.map((t) => t.input), tierCount);
  return {
    id: String(id),
    title: typeof rec.question_title === 'string' ? rec.question_title : undefined,
    difficulty: typeof rec.difficulty === 'string' ? rec.difficulty : undefined,
    limits: {},
    checker: { mode: 'lcb' },
    functional: functional ? { fnName: fnName as string } : undefined,
    tests: tests.map((t, i) => ({ input: t.input, output: t.output, tier: tiers[i]! })),
    tierDerivation: derivation,
  };
}

// The imports LiveCodeBench puts in front of every program it runs.
const LCB_PRELUDE = `from string import *
from re import *
from datetime import *
from collections import *
from heapq import *
from bisect import *
from copy import *
from math import *
from random import *
from statistics import *
from itertools import *
from functools import *
from operator import *
from io import *
from sys import *
import json
from builtins import *
from typing import *
import string
import re
import datetime
import collections
import heapq
import bisect
import copy
import math
import random
import statistics
import itertools
import functools
import operator
import io
import sys
sys.setrecursionlimit(50000)
`;

/** Python source that runs a stdin program the way LiveCodeBench does (prelude first). */
export function lcbStdinProgram(code: string): string {
  return `${LCB_PRELUDE}\n${code}\n`;
}

/**
 * Python source for a functional (LeetCode-style) test: the solution, then a harness that reads
 * one JSON value per input line, calls Solution().fn_name(*args) and prints the result as JSON
 * (tuples as lists, as LCB compares them). The expected value never enters the sandbox.
 */
export function lcbFunctionalProgram(code: string, fnName: string): string {
  return `${LCB_PRELUDE}\n${code}\n
def __frontier_main():
    import json as _j, sys as _s
    _args = [_j.loads(_l) for _l in _s.stdin.read().split("\\n") if _l.strip()]
    _r = getattr(Solution(), ${JSON.stringify(fnName)})(*_args)
    if isinstance(_r, tuple):
        _r = list(_r)
    try:
        _s.stdout.write(_j.dumps(_r))
    except (TypeError, ValueError):
        _s.stdout.write("__frontier_unserializable__ " + repr(_r))
__frontier_main()
`;
}
