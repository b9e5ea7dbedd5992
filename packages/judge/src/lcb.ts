import { inflateSync } from 'node:zlib';
import { JudgeInputError } from './errors';
import { unpickleString } from './pickle';
import { lcbCompatProgram } from './lcb-compat';
import { parseReleaseDate } from './release-date';
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
      throw new JudgeInputError(
        `${where}: test cases are neither JSON nor base64+zlib+pickle (${(err as Error).message})`,
      );
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
  if (typeof rec.metadata === 'string' && rec.metadata.trim())
    metadata = JSON.parse(rec.metadata) as Record<string, unknown>;
  else if (rec.metadata && typeof rec.metadata === 'object') metadata = rec.metadata as Record<string, unknown>;
  const functional = tests.some((t) => t.testtype === 'functional');
  const fnName = metadata.func_name ?? metadata.fn_name;
  if (functional && typeof fnName !== 'string')
    throw new JudgeInputError(`${name}: functional tests without func_name in metadata`);
  const { tiers, derivation } = deriveTiers(
    tests.map((t) => t.input),
    tierCount,
  );
  return {
    id: String(id),
    title: typeof rec.question_title === 'string' ? rec.question_title : undefined,
    difficulty: typeof rec.difficulty === 'string' ? rec.difficulty : undefined,
    limits: {},
    checker: { mode: 'lcb' },
    functional: functional ? { fnName: fnName as string } : undefined,
    tests: tests.map((t, i) => ({ input: t.input, output: t.output, tier: tiers[i]! })),
    tierDerivation: derivation,
    releaseDate: parseReleaseDate(rec.contest_date, 'contest_date', name),
  };
}

/**
 * The imports LiveCodeBench puts in front of every program it runs (its `import_string`, in its
 * order). Each slot's template process (runtime/template.py) runs it once before it forks any
 * test, so that tests find these modules imported.
 */
export const LCB_PRELUDE = `from string import *
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
from json import *
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
import json
sys.setrecursionlimit(50000)
`;

/** LiveCodeBench's evaluator's per-test timeout (`--timeout`, default 6), wall-clock seconds. */
export const LCB_TIMEOUT_S = 6;

/**
 * What LiveCodeBench's evaluator sets for the whole process, outside the prelude: integers of up to
 * 50,000 digits convert to and from text (CPython's default stops at 4,300). Not part of
 * LCB_PRELUDE, which the template runs for every program.
 */
export const LCB_PROCESS_SETTINGS = `if hasattr(sys, "set_int_max_str_digits"):
    sys.set_int_max_str_digits(50000)
`;

/** Python source that runs a stdin program the way LiveCodeBench does (prelude first). */
export function lcbStdinProgram(code: string, compat = false): string {
  if (compat) return lcbCompatProgram(code, LCB_PRELUDE);
  return `${LCB_PRELUDE}${LCB_PROCESS_SETTINGS}\n${code}\n`;
}

/**
 * Python source for a functional (LeetCode-style) test: the solution, then a harness that reads
 * one JSON value per non-blank input line, calls Solution().fn_name(*args) and prints the result
 * as JSON (a returned tuple as a list, as LCB compares them). What the solution itself prints is
 * discarded: it is not the answer, and LCB does not read it either. The expected value never
 * enters the sandbox.
 */
export function lcbFunctionalProgram(code: string, fnName: string, compat = false): string {
  if (compat) return lcbCompatProgram(code, LCB_PRELUDE, fnName);
  // The prelude first, as the template has run it (a test then skips it); the harness then takes
  // stdin and the real stdout, and rebinds both `sys.stdout` and the prelude's `stdout` name to
  // /dev/null: the judge's template hands it one it opened once (runtime/template.py, SINK), a
  // plain python3 opens it.
  return `${LCB_PRELUDE}__frontier_input = sys.stdin.read()
__frontier_answer = sys.stdout
sys.stdout = stdout = globals().pop("__frontier_sink", None) or open("/dev/null", "w")
${LCB_PROCESS_SETTINGS}
${code}

def __frontier_main():
    import json as _j, sys as _s
    _args = [_j.loads(_l) for _l in __frontier_input.split("\\n") if _l.strip()]
    _r = getattr(Solution(), ${JSON.stringify(fnName)})(*_args)
    if isinstance(_r, tuple):
        _r = list(_r)
    if hasattr(_s, "set_int_max_str_digits"):
        _s.set_int_max_str_digits(0)
    try:
        _text = _j.dumps(_r)
    except (TypeError, ValueError, RecursionError):
        _text = "__frontier_unserializable__ " + type(_r).__name__
    _s.stdout = __frontier_answer
    __frontier_answer.write(_text)
__frontier_main()
`;
}
