// One generator per problem, keyed by problem id (the folder name under problems/).
import type { Generator } from './types';
import { generate as balancedBrackets } from './balanced-brackets';
import { generate as bitCount } from './bit-count';
import { generate as coinChangeWays } from './coin-change-ways';
import { generate as connectedComponents } from './connected-components';
import { generate as countInversions } from './count-inversions';
import { generate as countPrimes } from './count-primes';
import { generate as dagLongestPath } from './dag-longest-path';
import { generate as dijkstra } from './dijkstra';
import { generate as distinctCount } from './distinct-count';
import { generate as editDistance } from './edit-distance';
import { generate as fibMod } from './fib-mod';
import { generate as gridShortestPath } from './grid-shortest-path';
import { generate as intervalMerge } from './interval-merge';
import { generate as knapsack01 } from './knapsack-01';
import { generate as kthSmallest } from './kth-smallest';
import { generate as lisLength } from './lis-length';
import { generate as maxPathGrid } from './max-path-grid';
import { generate as maxSubarray } from './max-subarray';
import { generate as palindromeCount } from './palindrome-count';
import { generate as rangeGcd } from './range-gcd';
import { generate as rangeSum } from './range-sum';
import { generate as slidingWindowMax } from './sliding-window-max';
import { generate as treeDiameter } from './tree-diameter';
import { generate as twoSumCount } from './two-sum-count';

export const generators: Readonly<Record<string, Generator>> = {
  'balanced-brackets': balancedBrackets,
  'bit-count': bitCount,
  'coin-change-ways': coinChangeWays,
  'connected-components': connectedComponents,
  'count-inversions': countInversions,
  'count-primes': countPrimes,
  'dag-longest-path': dagLongestPath,
  dijkstra: dijkstra,
  'distinct-count': distinctCount,
  'edit-distance': editDistance,
  'fib-mod': fibMod,
  'grid-shortest-path': gridShortestPath,
  'interval-merge': intervalMerge,
  'knapsack-01': knapsack01,
  'kth-smallest': kthSmallest,
  'lis-length': lisLength,
  'max-path-grid': maxPathGrid,
  'max-subarray': maxSubarray,
  'palindrome-count': palindromeCount,
  'range-gcd': rangeGcd,
  'range-sum': rangeSum,
  'sliding-window-max': slidingWindowMax,
  'tree-diameter': treeDiameter,
  'two-sum-count': twoSumCount,
};

export type { Generator, TestInput, Tier } from './types';
